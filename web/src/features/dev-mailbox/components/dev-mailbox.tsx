import { Inbox, Mail, RefreshCw } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import { useId, useState } from 'react';
import type { DevMail } from '@touchline/shared';
import { DEV_MAILBOX_REFRESH_MS } from '@/config/app';
import { ApiError } from '@/lib/api-client';
import { useMailbox } from '../api/get-mailbox';

export const MAILBOX_OFF_TEXT = 'The development mailbox is off in production mode';

type DevMailboxProps = {
  /** The address shown (kept in the page URL by the caller). */
  address: string;
  onAddressChange: (address: string) => void;
};

/** Reads the development mailbox (one address, or all of them), refreshing every few seconds. */
export function DevMailbox({ address, onAddressChange }: DevMailboxProps) {
  const inputId = useId();
  const [draft, setDraft] = useState(address);
  const mailbox = useMailbox(address);
  const off = mailbox.error instanceof ApiError && mailbox.error.status === 404;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onAddressChange(draft.trim());
  };

  return (
    <div className="space-y-6">
      <form onSubmit={submit} className="card flex flex-col gap-3 p-4 sm:flex-row sm:items-start">
        <div className="flex-1">
          <label htmlFor={inputId} className="field-label">
            E-mail address
          </label>
          <input
            id={inputId}
            type="email"
            name="to"
            autoComplete="email"
            placeholder="player@touchline.test"
            className="field-input"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            aria-describedby={`${inputId}-hint`}
          />
          <p id={`${inputId}-hint`} className="mt-1.5 text-xs text-slate-500">
            Leave it empty to see the latest e-mails to every address.
          </p>
        </div>
        <button type="submit" className="btn btn-player sm:mt-7 sm:w-auto">
          <Mail className="size-4" aria-hidden="true" />
          Show messages
        </button>
      </form>

      {off ? (
        <Notice tone="warning">{MAILBOX_OFF_TEXT}</Notice>
      ) : mailbox.error ? (
        <Notice tone="error">Could not read the mailbox: {mailbox.error.message}</Notice>
      ) : mailbox.isPending ? (
        <p className="text-sm text-slate-500">Loading messages…</p>
      ) : (
        <section aria-label="Messages" className="space-y-3">
          <div className="flex items-center justify-between gap-3 text-sm text-slate-500">
            <span>
              {mailbox.data.length} {mailbox.data.length === 1 ? 'message' : 'messages'}{' '}
              {address ? (
                <>
                  for <span className="font-medium text-slate-700">{address}</span>
                </>
              ) : (
                'for every address'
              )}
            </span>
            <span
              className="inline-flex shrink-0 items-center gap-1.5 whitespace-nowrap"
              title="Refreshes automatically"
            >
              <RefreshCw
                className={`size-3.5 ${mailbox.isFetching ? 'animate-spin' : ''}`}
                aria-hidden="true"
              />
              every {DEV_MAILBOX_REFRESH_MS / 1000} s
            </span>
          </div>
          {mailbox.data.length === 0 ? (
            <Empty>
              {address ? 'No messages for this address yet.' : 'No e-mails have been sent yet.'}
            </Empty>
          ) : (
            <ul className="space-y-3">
              {mailbox.data.map((mail) => (
                <MailItem key={mail.id} mail={mail} />
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}

function MailItem({ mail }: { mail: DevMail }) {
  const [showHtml, setShowHtml] = useState(false);
  const sent = new Date(mail.created_at);
  return (
    <li className="card overflow-hidden">
      <article>
        <header className="flex flex-col gap-1 border-b border-slate-100 px-4 py-3 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
          <h2 className="font-semibold text-slate-900">{mail.subject}</h2>
          <time dateTime={mail.created_at} className="shrink-0 text-xs text-slate-500">
            {Number.isNaN(sent.getTime()) ? mail.created_at : sent.toLocaleString()}
          </time>
        </header>
        <div className="px-4 py-3">
          <p className="text-xs text-slate-500">
            To: <span className="font-medium text-slate-700">{mail.to}</span>
          </p>
          <pre className="mt-3 font-sans text-sm leading-relaxed break-words whitespace-pre-wrap text-slate-800">
            {mail.text}
          </pre>
          {mail.html ? (
            <div className="mt-3">
              <button
                type="button"
                className="text-sm font-medium text-brand-700 hover:underline"
                aria-expanded={showHtml}
                onClick={() => setShowHtml((shown) => !shown)}
              >
                {showHtml ? 'Hide HTML version' : 'Show HTML version'}
              </button>
              {showHtml ? (
                <iframe
                  title={`HTML version of ${mail.subject}`}
                  sandbox=""
                  srcDoc={mail.html}
                  className="mt-2 h-80 w-full rounded-lg border border-slate-200 bg-white"
                />
              ) : null}
            </div>
          ) : null}
        </div>
      </article>
    </li>
  );
}

function Notice({ tone, children }: { tone: 'warning' | 'error'; children: ReactNode }) {
  const colours =
    tone === 'warning'
      ? 'border-amber-200 bg-amber-50 text-amber-900'
      : 'border-red-200 bg-red-50 text-red-800';
  return (
    <p role="alert" className={`rounded-xl border px-4 py-3 text-sm ${colours}`}>
      {children}
    </p>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <div className="card flex flex-col items-center gap-3 px-6 py-12 text-center text-sm text-slate-500">
      <Inbox className="size-8 text-slate-300" aria-hidden="true" />
      <p>{children}</p>
    </div>
  );
}
