import { Download, Search } from 'lucide-react';
import type { OutcomeStatus, Registrant, RegistrationStatus } from '@touchline/shared';
import { PLAYER_LEVEL_LABELS, REGISTRATION_STATUS_LABELS, TRIAL_MESSAGES } from '@touchline/shared';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ScrollTable } from '@/components/ui/scroll-table';
import { showNotice } from '@/lib/toast';
import { getRegistrantsCsv, useRegistrants } from '../api/get-registrants';
import { useSetRegistrantStatus } from '../api/set-registrant-status';
import { useDebounced } from '@/lib/use-debounced';
import { useWideScreen } from '@/lib/use-wide-screen';
import { downloadText } from '../lib/download';
import { errorText } from '../lib/errors';
import { EvaluateLink } from './evaluate-link';
import { RegistrationStatusBadge } from './registration-status-badge';

/** Statuses the academy may change from, and to (supplement §5). */
const DECIDABLE: readonly RegistrationStatus[] = ['registered', 'selected', 'rejected'];
const PAYMENT_LABELS = {
  pending: 'Payment pending',
  succeeded: 'Paid',
  failed: 'Payment failed',
  refunded: 'Refunded',
} as const;

function matches(registrant: Registrant, query: string): boolean {
  if (!query) return true;
  const haystack = [
    registrant.name,
    registrant.reference_code,
    registrant.email,
    registrant.phone,
    registrant.district,
    registrant.state,
  ]
    .join(' ')
    .toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .every((word) => haystack.includes(word));
}

const fileNameFor = (trialName: string) =>
  `${
    trialName
      .replace(/[^\w-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase() || 'trial'
  }-registrants.csv`;

/**
 * The trial's registrants (the owning academy only): search by name, code, e-mail, phone or
 * place (on the server, over the whole list); each row's reference code, contact, level, answers
 * and a Selected / Rejected choice; a page at a time ("Show more"); CSV export of the whole list.
 */
export function RegistrantsTable({ trialId, trialName }: { trialId: string; trialName: string }) {
  const [query, setQuery] = useState('');
  // The server searches the whole list; until its answer comes, the rows on screen narrow at once.
  const searched = useDebounced(query.trim(), 300);
  const registrants = useRegistrants(trialId, searched);
  const setStatus = useSetRegistrantStatus(trialId);
  const [exporting, setExporting] = useState(false);
  const loaded = useMemo(
    () => registrants.data?.pages.flatMap((page) => page.registrants) ?? [],
    [registrants.data],
  );
  const total = registrants.data?.pages[0]?.total ?? 0;
  const shown = useMemo(() => loaded.filter((r) => matches(r, query.trim())), [loaded, query]);
  const wide = useWideScreen();
  const busyId = setStatus.isPending ? setStatus.variables?.id : undefined;

  async function exportCsv() {
    setExporting(true);
    try {
      downloadText(await getRegistrantsCsv(trialId), fileNameFor(trialName));
    } catch (error) {
      showNotice(errorText(error), 'error');
    } finally {
      setExporting(false);
    }
  }

  function decide(registrant: Registrant, status: OutcomeStatus) {
    setStatus.mutate(
      { id: registrant.id, status },
      {
        onSuccess: () => showNotice(TRIAL_MESSAGES.statusUpdated, 'success'),
        onError: (error) => showNotice(errorText(error), 'error'),
      },
    );
  }

  return (
    <section aria-labelledby="registrants-heading" className="card p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="registrants-heading" className="text-lg font-semibold text-slate-900">
          Registrants <span className="text-sm font-normal text-slate-500">({total})</span>
        </h2>
        <Button
          tone="secondary"
          loading={exporting}
          disabled={total === 0}
          onClick={() => void exportCsv()}
        >
          <Download className="size-4" aria-hidden="true" />
          Export CSV
        </Button>
      </div>
      <div className="relative mt-4">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
          aria-hidden="true"
        />
        <input
          type="search"
          aria-label="Search registrants"
          placeholder="Search by name, code, e-mail, phone or LGA"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          className="field-input pl-9 focus:border-academy-600 focus:ring-academy-600/20"
        />
      </div>

      {registrants.isPending ? (
        <p className="mt-6 text-sm text-slate-500">Loading registrants…</p>
      ) : registrants.isError ? (
        <div className="mt-6 flex items-center gap-3 text-sm text-slate-600">
          Could not load the registrants.
          <Button tone="secondary" onClick={() => void registrants.refetch()}>
            Try again
          </Button>
        </div>
      ) : total === 0 ? (
        <p className="mt-6 text-sm text-slate-500">
          No one has registered yet. New registrations appear here as they happen.
        </p>
      ) : shown.length === 0 ? (
        <p className="mt-6 text-sm text-slate-500">No registrant matches “{query.trim()}”.</p>
      ) : !wide ? (
        <ul className="mt-4 space-y-3" aria-label={`Registrants of ${trialName}`}>
          {shown.map((registrant) => (
            <RegistrantCard
              key={registrant.id}
              registrant={registrant}
              busy={busyId === registrant.id}
              onDecide={(status) => decide(registrant, status)}
            />
          ))}
        </ul>
      ) : (
        <ScrollTable
          caption={`Registrants of ${trialName}`}
          columns={['Player', 'Code', 'Contact', 'Level', 'Answers', 'Status']}
          className="mt-4"
          minWidth="min-w-[52rem]"
        >
          {shown.map((registrant) => (
            <RegistrantRow
              key={registrant.id}
              registrant={registrant}
              busy={busyId === registrant.id}
              onDecide={(status) => decide(registrant, status)}
            />
          ))}
        </ScrollTable>
      )}
      {registrants.hasNextPage && shown.length > 0 ? (
        <div className="mt-4 flex flex-col items-center gap-1">
          <Button
            tone="secondary"
            loading={registrants.isFetchingNextPage}
            onClick={() => void registrants.fetchNextPage()}
          >
            Show more registrants
          </Button>
          <p className="text-xs text-slate-500">
            Showing {shown.length} of {searched ? 'the matches' : total}
          </p>
        </div>
      ) : null}
    </section>
  );
}

function RegistrantRow({ registrant, busy, onDecide }: RowProps) {
  return (
    <tr className="align-top">
      <th scope="row" className="px-4 py-3 font-normal sm:pl-0">
        <span className="block font-semibold text-slate-900">{registrant.name}</span>
        <span className="block text-xs text-slate-500">
          Age {registrant.age} · {registrant.district}, {registrant.state}
        </span>
      </th>
      <td className="px-3 py-3">
        <span className="font-mono text-xs font-semibold tracking-wide whitespace-nowrap text-slate-800">
          {registrant.reference_code}
        </span>
        <PaymentNote registrant={registrant} />
      </td>
      <td className="px-3 py-3 text-slate-700">
        <span className="block">{registrant.phone}</span>
        <span className="block break-all text-xs text-slate-500">{registrant.email}</span>
      </td>
      <td className="px-3 py-3 text-slate-700">{PLAYER_LEVEL_LABELS[registrant.level]}</td>
      <td className="max-w-xs px-3 py-3 text-slate-700">
        {registrant.answers.length === 0 ? (
          <span className="text-slate-400">—</span>
        ) : (
          <AnswerList
            answers={registrant.answers}
            className="space-y-1.5"
            answerClassName="whitespace-pre-line"
          />
        )}
      </td>
      <td className="px-4 py-3 sm:pr-0">
        <StatusControl registrant={registrant} busy={busy} onDecide={onDecide} />
        <EvaluateLink registrant={registrant} />
      </td>
    </tr>
  );
}

/** How the registrant's payment stands, when the trial is paid. */
function PaymentNote({ registrant }: { registrant: Registrant }) {
  if (!registrant.payment_status) return null;
  return (
    <span className="block text-xs text-slate-500">
      {PAYMENT_LABELS[registrant.payment_status]}
    </span>
  );
}

/** The registrant's answers under their requirements. */
function AnswerList({
  answers,
  className,
  answerClassName,
}: {
  answers: Registrant['answers'];
  className: string;
  answerClassName: string;
}) {
  return (
    <dl className={className}>
      {answers.map((answer) => (
        <div key={answer.requirement_id}>
          <dt className="text-xs font-medium text-slate-500">{answer.requirement}</dt>
          <dd className={answerClassName}>{answer.answer}</dd>
        </div>
      ))}
    </dl>
  );
}

type RowProps = {
  registrant: Registrant;
  busy: boolean;
  onDecide: (status: OutcomeStatus) => void;
};

/** Selected / Rejected for a decidable registration, else its status as a badge. */
function StatusControl({ registrant, busy, onDecide }: RowProps) {
  if (!DECIDABLE.includes(registrant.status))
    return <RegistrationStatusBadge status={registrant.status} />;
  return (
    <select
      aria-label={`Status of ${registrant.name}`}
      value={registrant.status}
      disabled={busy}
      onChange={(event) => onDecide(event.target.value as OutcomeStatus)}
      className="field-input min-w-36 py-1.5 text-sm focus:border-academy-600 focus:ring-academy-600/20"
    >
      {registrant.status === 'registered' ? (
        <option value="registered" disabled>
          {REGISTRATION_STATUS_LABELS.registered}
        </option>
      ) : null}
      <option value="selected">{REGISTRATION_STATUS_LABELS.selected}</option>
      <option value="rejected">{REGISTRATION_STATUS_LABELS.rejected}</option>
    </select>
  );
}

/** A registrant on a phone: the same facts and choice, stacked. */
function RegistrantCard({ registrant, busy, onDecide }: RowProps) {
  return (
    <li className="rounded-xl border border-slate-200 p-3">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold text-slate-900">{registrant.name}</h3>
          <p className="text-xs text-slate-500">
            Age {registrant.age} · {registrant.district}, {registrant.state} ·{' '}
            {PLAYER_LEVEL_LABELS[registrant.level]}
          </p>
        </div>
        <span className="shrink-0 text-right">
          <span className="block font-mono text-xs font-semibold whitespace-nowrap text-slate-800">
            {registrant.reference_code}
          </span>
          <PaymentNote registrant={registrant} />
        </span>
      </div>
      <p className="mt-2 text-sm text-slate-700">
        {registrant.phone}
        <span className="block break-all text-xs text-slate-500">{registrant.email}</span>
      </p>
      {registrant.answers.length > 0 ? (
        <AnswerList
          answers={registrant.answers}
          className="mt-2 space-y-1.5 text-sm"
          answerClassName="break-words whitespace-pre-line text-slate-800"
        />
      ) : null}
      <div className="mt-3">
        <StatusControl registrant={registrant} busy={busy} onDecide={onDecide} />
        <EvaluateLink registrant={registrant} />
      </div>
    </li>
  );
}
