import type { ReportReason, ReportTarget } from '@touchline/shared';
import { MESSAGES, POST_MESSAGES, REPORT_REASON_LABELS, REPORT_REASONS } from '@touchline/shared';
import { CircleAlert, Flag } from 'lucide-react';
import { useId, useState } from 'react';
import { useSnapshot } from 'valtio';
import { accentFor } from '@/components/layout/role-accent';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ApiError } from '@/lib/api-client';
import { session } from '@/lib/session';
import { showNotice } from '@/lib/toast';
import { useReport } from '@/lib/report';

const DETAILS_MAX = 1000;

const TITLES: Record<ReportTarget, string> = {
  post: 'Report post',
  comment: 'Report comment',
  message: 'Report message',
  conversation: 'Report conversation',
};

/**
 * Report a post, comment, chat message or whole conversation to the administrators (supplement
 * §4, §13): a reason and optional details. The feed and the chat share it.
 */
export function ReportDialog({
  target,
  id,
  onClose,
}: {
  target: ReportTarget;
  /** A post's, comment's or message's id; a conversation's thread name. */
  id: string;
  onClose: () => void;
}) {
  const { role } = useSnapshot(session);
  const accent = accentFor(role);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const report = useReport();
  const detailsId = useId();
  const name = useId();

  const send = () => {
    if (!reason) {
      setProblem('Choose a reason');
      return;
    }
    setProblem(null);
    report.mutate(
      { target, id, reason, details: details.trim() },
      {
        onSuccess: (answer) => {
          showNotice(answer?.message || POST_MESSAGES.reported, 'success');
          onClose();
        },
        onError: (error) =>
          setProblem(
            error instanceof ApiError && error.status < 500 && error.message
              ? error.message
              : MESSAGES.serverErrorTryLater,
          ),
      },
    );
  };

  return (
    <Dialog
      open
      onClose={() => {
        if (!report.isPending) onClose();
      }}
      title={TITLES[target]}
      description={
        target === 'message' || target === 'conversation'
          ? 'Tell us what is wrong. Our moderators will see the messages around it; the sender is not told who reported.'
          : 'Tell us what is wrong. Our moderators will review it; the author is not told who reported.'
      }
      icon={
        <span className="flex size-11 items-center justify-center rounded-full bg-red-50 text-red-600">
          <Flag className="size-5" aria-hidden="true" />
        </span>
      }
      showClose
      size="max-w-[480px]"
    >
      <form
        noValidate
        className="mt-4"
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <fieldset>
          <legend className="field-label">Reason</legend>
          <div className="grid gap-1.5 sm:grid-cols-2">
            {REPORT_REASONS.map((value) => (
              <label
                key={value}
                className={`flex cursor-pointer items-center gap-2.5 rounded-lg border px-3 py-2 text-sm transition-colors ${
                  reason === value
                    ? 'border-red-300 bg-red-50 text-red-800'
                    : 'border-slate-200 text-slate-700 hover:bg-slate-50'
                }`}
              >
                <input
                  type="radio"
                  name={name}
                  value={value}
                  checked={reason === value}
                  onChange={() => {
                    setReason(value);
                    setProblem(null);
                  }}
                  className="size-4 accent-red-600"
                />
                {REPORT_REASON_LABELS[value]}
              </label>
            ))}
          </div>
        </fieldset>
        <label htmlFor={detailsId} className="field-label mt-4">
          Details (optional)
        </label>
        <textarea
          id={detailsId}
          value={details}
          onChange={(event) => setDetails(event.target.value)}
          maxLength={DETAILS_MAX}
          rows={3}
          placeholder="Anything that helps our moderators understand"
          className="field-input resize-y"
        />
        {problem ? (
          <p role="alert" className="mt-3 flex items-start gap-2 text-sm text-red-600">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {problem}
          </p>
        ) : null}
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button tone="secondary" onClick={onClose} disabled={report.isPending}>
            Cancel
          </Button>
          <Button type="submit" tone={accent.name} loading={report.isPending}>
            Send report
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
