import { useState } from 'react';
import {
  PREFERENCE_CHANNELS,
  PREFERENCE_KINDS,
  REACH_TEXTS,
  type NotificationPreferences,
  type NotificationPreferencesResponse,
  type PreferenceChannel,
  type PreferenceKind,
} from '@touchline/shared';
import { Button } from '@/components/ui/button';
import { serverMessage } from '@/lib/server-errors';
import { useSaveNotificationPreferences } from '../api/notification-preferences';

/** What may go by SMS (the server sends only these: trial news and reminders). */
const SMS_KINDS: ReadonlySet<PreferenceKind> = new Set(['trials', 'reminders']);

/**
 * Per kind and channel, on or off (in-app is always on). SMS needs a verified phone and goes
 * only for trials and reminders; a minor's quiet hours are shown, an adult may choose them.
 */
export function PreferencesPanel({
  current,
  minorQuietHours,
}: {
  current: NotificationPreferencesResponse;
  minorQuietHours: boolean;
}) {
  const [prefs, setPrefs] = useState<NotificationPreferences>(current.preferences);
  const [quiet, setQuiet] = useState(current.quiet_hours);
  const [codesBySms, setCodesBySms] = useState(current.codes_by_sms);
  const save = useSaveNotificationPreferences();
  const toggle = (kind: PreferenceKind, channel: PreferenceChannel) =>
    setPrefs((p) => ({ ...p, [kind]: { ...p[kind], [channel]: !p[kind][channel] } }));
  const smsPossible = (kind: PreferenceKind) => current.phone !== null && SMS_KINDS.has(kind);

  return (
    <section
      aria-labelledby="preferences-title"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-900/5 sm:p-6"
    >
      <h2 id="preferences-title" className="text-lg font-semibold text-slate-900">
        What you hear about
      </h2>
      <p className="mt-1 text-sm text-slate-700">{REACH_TEXTS.intro}</p>
      <form
        className="mt-4 space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({
            preferences: prefs,
            ...(minorQuietHours ? {} : { quiet_hours: quiet }),
            ...(current.phone === null ? {} : { codes_by_sms: codesBySms }),
          });
        }}
      >
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Channels for each kind of notification</caption>
          <thead>
            <tr className="border-b border-slate-200 text-slate-600">
              <th scope="col" className="py-2 pr-2 font-medium">
                Kind
              </th>
              {PREFERENCE_CHANNELS.map((channel) => (
                <th key={channel} scope="col" className="w-16 py-2 text-center font-medium">
                  {REACH_TEXTS.channels[channel]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {PREFERENCE_KINDS.map((kind) => (
              <tr key={kind} className="border-b border-slate-100 last:border-0">
                <th scope="row" className="py-2.5 pr-2 font-normal text-slate-900">
                  {REACH_TEXTS.kinds[kind]}
                </th>
                {PREFERENCE_CHANNELS.map((channel) => {
                  const disabled = channel === 'sms' && !smsPossible(kind);
                  return (
                    <td key={channel} className="py-2.5 text-center">
                      <input
                        type="checkbox"
                        className="size-5 accent-emerald-700"
                        aria-label={`${REACH_TEXTS.kinds[kind]}: ${REACH_TEXTS.channels[channel]}`}
                        checked={!disabled && prefs[kind][channel]}
                        disabled={disabled}
                        onChange={() => toggle(kind, channel)}
                      />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        <p className="text-sm text-slate-600">{REACH_TEXTS.emailAlways}</p>
        {current.phone === null ? (
          <p className="text-sm text-slate-600">{REACH_TEXTS.smsNeedsPhone}</p>
        ) : (
          <label className="flex items-center gap-3 text-sm text-slate-900">
            <input
              type="checkbox"
              className="size-5 accent-emerald-700"
              checked={codesBySms}
              onChange={() => setCodesBySms((c) => !c)}
            />
            {REACH_TEXTS.codesBySms(current.phone)}
          </label>
        )}
        {minorQuietHours ? (
          <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
            {REACH_TEXTS.quietHoursMinor}
          </p>
        ) : (
          <label className="flex items-center gap-3 text-sm text-slate-900">
            <input
              type="checkbox"
              className="size-5 accent-emerald-700"
              checked={quiet}
              onChange={() => setQuiet((q) => !q)}
            />
            Quiet hours: hold pushes and texts from 21:00 to 07:00 (Lagos time)
          </label>
        )}
        <div className="flex items-center gap-3">
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
          <p role="status" className="text-sm font-medium">
            {save.isSuccess ? (
              <span className="text-emerald-800">{REACH_TEXTS.saved}</span>
            ) : save.isError ? (
              <span className="text-red-800">
                {serverMessage(save.error) ?? 'Something went wrong'}
              </span>
            ) : null}
          </p>
        </div>
      </form>
    </section>
  );
}
