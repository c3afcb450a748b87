import type { Attendee, CheckInResponse } from '@touchline/shared';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Camera, CloudOff, UserCheck } from 'lucide-react';
import type { FormEvent } from 'react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { attendanceKey, checkIn, useAttendance } from '../api/check-in';
import { academyTrialKeys } from '../api/academy-trial-keys';
import {
  enqueue,
  flushQueue,
  isNetworkFailure,
  normaliseCode,
  readQueue,
} from '../lib/checkin-queue';
import { errorText } from '../lib/errors';
import { academyTrialPath } from '../lib/paths';

type Result = { tone: 'ok' | 'again' | 'error' | 'queued'; text: string };

const timeText = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-NG', {
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZone: 'Africa/Lagos',
  });

/** What the screen says about one answer of `POST /api/trial/{id}/check_in`. */
export function resultText(answer: CheckInResponse): Result {
  const r = answer.registration;
  return answer.already_checked_in
    ? {
        tone: 'again',
        text: `Already checked in: ${r.name}${r.checked_in_at ? ` at ${timeText(r.checked_in_at)}` : ''}`,
      }
    : { tone: 'ok', text: `Checked in: ${r.name}` };
}

/**
 * `/academy/trial_checkin/{id}` (supplement §17), phone-first: the typed code always, the camera
 * where the browser has `BarcodeDetector`, the attendance below. A check-in lost to the network
 * waits in localStorage and is sent again when the phone is back online or the next one succeeds.
 */
export function CheckInScreen({ trialId }: { trialId: string }) {
  const queryClient = useQueryClient();
  const attendance = useAttendance(trialId);
  const [code, setCode] = useState('');
  const [result, setResult] = useState<Result | null>(null);
  const [waiting, setWaiting] = useState(() => readQueue(trialId).length);
  const [busy, setBusy] = useState(false);
  const [scanning, setScanning] = useState(false);
  const canScan = typeof window !== 'undefined' && 'BarcodeDetector' in window;
  const input = useRef<HTMLInputElement>(null);

  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: attendanceKey(trialId) });
    void queryClient.invalidateQueries({ queryKey: academyTrialKeys.registrants(trialId) });
  }, [queryClient, trialId]);

  const flush = useCallback(async () => {
    const { outcomes, remaining } = await flushQueue(trialId, (c) => checkIn(trialId, c));
    setWaiting(remaining.length);
    if (outcomes.length > 0) refresh();
  }, [trialId, refresh]);

  useEffect(() => {
    const online = () => void flush();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [flush]);

  const submit = useCallback(
    async (raw: string) => {
      const value = normaliseCode(raw);
      if (!value) {
        setResult({ tone: 'error', text: 'Enter the reference code' });
        return;
      }
      setBusy(true);
      try {
        const answer = await checkIn(trialId, value);
        setResult(resultText(answer));
        setCode('');
        refresh();
        void flush();
      } catch (error) {
        if (isNetworkFailure(error)) {
          setWaiting(enqueue(trialId, value).length);
          setCode('');
          setResult({
            tone: 'queued',
            text: `No connection: ${value} will be sent when the phone is back online`,
          });
        } else setResult({ tone: 'error', text: errorText(error) });
      } finally {
        setBusy(false);
        input.current?.focus();
      }
    },
    [trialId, refresh, flush],
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(code);
  };

  const registrants = attendance.data?.registrants ?? [];
  const here = registrants.filter((r) => r.checked_in_at);
  const notYet = registrants.filter((r) => !r.checked_in_at && r.status !== 'no_show');

  return (
    <div className="mx-auto max-w-lg space-y-4">
      <Link
        href={academyTrialPath(trialId)}
        className="inline-flex items-center gap-1 text-sm font-medium text-academy-700 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Trial details
      </Link>
      <section className="card space-y-4 p-4 sm:p-5" aria-labelledby="checkin-title">
        <div>
          <h1 id="checkin-title" className="text-xl font-bold tracking-tight text-slate-900">
            Check in players
          </h1>
          {attendance.data ? (
            <p className="text-sm text-slate-600">{attendance.data.trial.name}</p>
          ) : null}
        </div>
        <form onSubmit={onSubmit} className="space-y-2" noValidate>
          <label htmlFor="reference-code" className="field-label">
            Reference code
          </label>
          <div className="flex gap-2">
            <input
              ref={input}
              id="reference-code"
              name="reference_code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              placeholder="TL-XXXXXX"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              inputMode="text"
              className="field-input min-w-0 flex-1 font-mono text-lg uppercase focus:border-academy-600 focus:ring-academy-600/20"
            />
            <Button type="submit" tone="academy" disabled={busy} className="shrink-0">
              <UserCheck className="size-4" aria-hidden="true" />
              Check in
            </Button>
          </div>
        </form>
        {canScan ? (
          scanning ? (
            <Scanner
              onCode={(c) => {
                setScanning(false);
                void submit(c);
              }}
              onClose={() => setScanning(false)}
              onError={(text) => {
                setScanning(false);
                setResult({ tone: 'error', text });
              }}
            />
          ) : (
            <Button tone="secondary" className="w-full" onClick={() => setScanning(true)}>
              <Camera className="size-4" aria-hidden="true" />
              Scan with camera
            </Button>
          )
        ) : null}
        <p
          role="status"
          aria-live="polite"
          data-testid="checkin-result"
          className={
            result
              ? {
                  ok: 'rounded-xl bg-emerald-50 px-4 py-3 text-base font-semibold text-emerald-900',
                  again: 'rounded-xl bg-amber-50 px-4 py-3 text-base font-semibold text-amber-900',
                  error: 'rounded-xl bg-red-50 px-4 py-3 text-base font-semibold text-red-800',
                  queued:
                    'rounded-xl bg-slate-100 px-4 py-3 text-base font-semibold text-slate-800',
                }[result.tone]
              : 'sr-only'
          }
        >
          {result?.text ?? ''}
        </p>
        {waiting > 0 ? (
          <p className="flex items-center justify-between gap-2 text-sm text-slate-700">
            <span className="flex items-center gap-2">
              <CloudOff className="size-4" aria-hidden="true" />
              Waiting to send ({waiting})
            </span>
            <Button tone="ghost" onClick={() => void flush()}>
              Send now
            </Button>
          </p>
        ) : null}
      </section>

      <section className="card p-4 sm:p-5" aria-labelledby="attendance-title">
        <h2 id="attendance-title" className="text-base font-semibold text-slate-900">
          Attendance
          {attendance.data ? (
            <span className="ml-2 text-sm font-normal text-slate-600">
              {attendance.data.checked_in} of{' '}
              {attendance.data.checked_in + attendance.data.not_checked_in} checked in
            </span>
          ) : null}
        </h2>
        {attendance.isPending ? (
          <p className="mt-2 text-sm text-slate-600">Loading…</p>
        ) : attendance.isError ? (
          <p className="mt-2 text-sm text-red-800">{errorText(attendance.error)}</p>
        ) : (
          <div className="mt-3 grid gap-4 sm:grid-cols-2">
            <AttendeeList title="Checked in" people={here} empty="Nobody yet" />
            <AttendeeList title="Not yet" people={notYet} empty="Everyone is here" />
          </div>
        )}
      </section>
    </div>
  );
}

function AttendeeList({
  title,
  people,
  empty,
}: {
  title: string;
  people: Attendee[];
  empty: string;
}) {
  const id = `attendance-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <div>
      <h3 id={id} className="text-sm font-semibold text-slate-800">
        {title} ({people.length})
      </h3>
      {people.length === 0 ? (
        <p className="mt-1 text-sm text-slate-500">{empty}</p>
      ) : (
        <ul aria-labelledby={id} className="mt-1 divide-y divide-slate-100 text-sm">
          {people.map((p) => (
            <li key={p.id} className="flex items-center justify-between gap-2 py-1.5">
              <span className="truncate text-slate-900">{p.name}</span>
              <span className="shrink-0 font-mono text-xs text-slate-600">
                {p.checked_in_at ? timeText(p.checked_in_at) : p.reference_code}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

type Detected = { rawValue: string };
type Detector = { detect(source: HTMLVideoElement): Promise<Detected[]> };
type DetectorClass = new (options: { formats: string[] }) => Detector;

/** The camera, where `BarcodeDetector` exists: the first QR code read is handed over. */
function Scanner({
  onCode,
  onClose,
  onError,
}: {
  onCode: (code: string) => void;
  onClose: () => void;
  onError: (text: string) => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const handlers = useRef({ onCode, onError });
  useEffect(() => {
    handlers.current = { onCode, onError };
  });

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    let stopped = false;
    const Ctor = (window as unknown as { BarcodeDetector: DetectorClass }).BarcodeDetector;
    const detector = new Ctor({ formats: ['qr_code'] });
    const tick = async () => {
      if (stopped || !video.current) return;
      try {
        const found = await detector.detect(video.current);
        const value = found[0]?.rawValue;
        if (value && !stopped) {
          stopped = true;
          handlers.current.onCode(value);
          return;
        }
      } catch {
        // A frame not ready yet: try the next one.
      }
      timer = window.setTimeout(() => void tick(), 250);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (s) => {
        stream = s;
        if (stopped || !video.current) return;
        video.current.srcObject = s;
        await video.current.play();
        void tick();
      })
      .catch(() => {
        if (!stopped) handlers.current.onError('Could not open the camera: type the code instead');
      });
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, []);

  return (
    <div className="space-y-2">
      <video
        ref={video}
        muted
        playsInline
        aria-label="Camera: point it at the player's QR code"
        className="aspect-square w-full rounded-xl bg-slate-900 object-cover"
      />
      <Button tone="secondary" className="w-full" onClick={onClose}>
        Stop camera
      </Button>
    </div>
  );
}
