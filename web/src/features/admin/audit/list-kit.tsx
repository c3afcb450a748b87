import type { InfiniteData, QueryKey } from '@tanstack/react-query';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { useEffect, useId, useState } from 'react';
import { PageContainer } from '@/components/layout/page-container';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FieldMessage } from '@/components/ui/field-message';
import type { ResponseSchema } from '@/lib/api-client';
import { ApiError } from '@/lib/api-client';

/** The bits the trials, accounts, reports, audit and queues screens share. */

/** An answer the screen only waits for (its caches are fetched again). */
export const anyAnswer: ResponseSchema<unknown> = { parse: (data) => data };

/** What a failed action shows: the server's message for a 4xx, else a general one. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError && error.status < 500 && error.message) return error.message;
  return 'Server error try again later';
}

/** An admin screen: its title, a line under it, actions on the right, then the content. */
export function AdminScreen({
  title,
  intro,
  actions,
  children,
}: {
  title: string;
  intro: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <PageContainer>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
            Administration
          </p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
          <p className="mt-1 max-w-2xl text-sm text-slate-600">{intro}</p>
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
      {children}
    </PageContainer>
  );
}

/** `value` once it has not changed for `ms` (search boxes ask the server after typing stops). */
export function useSettled<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** A search field with a magnifier. */
export function SearchBox({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="relative min-w-0 flex-1">
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        aria-hidden="true"
      />
      <input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={value}
        maxLength={100}
        onChange={(event) => onChange(event.target.value)}
        className="field-input pl-9"
      />
    </div>
  );
}

/** A keyset-paged admin list (`?page=` takes the previous answer's `next`). */
export function useAdminPages<T extends { next: string | null }>(
  queryKey: QueryKey,
  fetchPage: (page: string | undefined, signal: AbortSignal) => Promise<T>,
) {
  return useInfiniteQuery<
    T,
    Error,
    InfiniteData<T, string | undefined>,
    QueryKey,
    string | undefined
  >({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    staleTime: 10_000,
  });
}

type ListQuery = {
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch: () => Promise<unknown>;
  fetchNextPage: () => Promise<unknown>;
};

/** A list's loading, error and empty states around its rows, and 'Load more' under them. */
export function ListFrame({
  query,
  count,
  errorLine,
  emptyLine,
  children,
}: {
  query: ListQuery;
  count: number;
  errorLine: string;
  emptyLine: string;
  children: ReactNode;
}) {
  if (query.isPending) {
    return (
      <p className="mt-6 text-sm text-slate-500" aria-busy="true">
        Loading…
      </p>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="mt-6 flex flex-wrap items-center gap-3 text-sm text-slate-600">
        {errorLine}
        <Button tone="secondary" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (count === 0) return <p className="mt-6 text-sm text-slate-500">{emptyLine}</p>;
  return (
    <>
      {children}
      {query.hasNextPage ? (
        <div className="mt-4 text-center">
          <Button
            tone="secondary"
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            Load more
          </Button>
        </div>
      ) : null}
    </>
  );
}

type ReasonDialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  hint?: string;
  onConfirm: (reason: string) => Promise<unknown>;
  pending: boolean;
  danger?: boolean;
};

/** Asks for a reason (required) before an action; `onConfirm` rejects to show the error. */
export function ReasonDialog(props: ReasonDialogProps) {
  const { open, onClose, title, description, pending } = props;
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!pending) onClose();
      }}
      role="alertdialog"
      title={title}
      description={description}
      closeOnBackdrop={!pending}
    >
      <ReasonForm {...props} />
    </Dialog>
  );
}

/** The dialog's form: mounted while the dialog is open, so each opening starts empty. */
function ReasonForm({
  onClose,
  confirmLabel,
  hint,
  onConfirm,
  pending,
  danger = true,
}: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  async function submit() {
    const text = reason.trim();
    if (!text) {
      setError('A reason is required');
      return;
    }
    setError(null);
    try {
      await onConfirm(text);
      onClose();
    } catch (failure) {
      setError(errorText(failure));
    }
  }

  return (
    <form
      noValidate
      className="mt-4 space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div>
        <label htmlFor={`${id}-reason`} className="field-label">
          Reason
        </label>
        <textarea
          id={`${id}-reason`}
          rows={3}
          data-autofocus
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-message`}
          className="field-input"
        />
        <FieldMessage
          id={`${id}-message`}
          error={error ?? undefined}
          hint={hint ?? 'Kept in the audit log.'}
        />
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button tone="secondary" onClick={onClose} disabled={pending}>
          Back
        </Button>
        <Button
          type="submit"
          tone={danger ? 'ghost' : 'admin'}
          loading={pending}
          className={danger ? 'bg-red-600 text-white hover:bg-red-700 active:bg-red-800' : ''}
        >
          {confirmLabel}
        </Button>
      </div>
    </form>
  );
}

/** A small coloured label (a status). */
export function Badge({
  tone,
  children,
}: {
  tone: 'green' | 'red' | 'amber' | 'slate' | 'blue';
  children: ReactNode;
}) {
  const colours = {
    green: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
    red: 'bg-red-50 text-red-700 ring-red-600/20',
    amber: 'bg-amber-50 text-amber-800 ring-amber-600/20',
    slate: 'bg-slate-100 text-slate-700 ring-slate-500/20',
    blue: 'bg-sky-50 text-sky-700 ring-sky-600/20',
  }[tone];
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${colours}`}
    >
      {children}
    </span>
  );
}

/** "26 Nov 2026, 09:14" in Lagos time. */
export function dateTime(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Africa/Lagos',
  }).format(new Date(iso));
}

/** "26 Nov 2026" for a YYYY-MM-DD date. */
export function dayText(date: string): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}
