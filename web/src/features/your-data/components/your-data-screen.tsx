import { UserX } from 'lucide-react';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { Button } from '@/components/ui/button';
import { session } from '@/lib/session';
import { useDeletionInfo } from '../api/get-deletion-info';
import { DeleteAccountDialog } from './delete-account-dialog';
import { ExportPanel } from './export-panel';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** 'Your data' (supplement §15): take a copy of your data, or delete your account. */
export function YourDataScreen() {
  const { role } = useSnapshot(session);
  const info = useDeletionInfo();
  const [confirming, setConfirming] = useState(false);

  return (
    <div className="space-y-5">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Settings</h1>
        <p className="mt-1 text-sm text-slate-600">Your data: take a copy of it, or leave.</p>
      </header>
      <h2 className="sr-only">Your data</h2>
      <ExportPanel />
      <section
        aria-labelledby="delete-title"
        className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-red-900/10 sm:p-6"
      >
        <div className="flex items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-red-50 text-red-700">
            <UserX className="size-5" aria-hidden="true" />
          </span>
          <div>
            <h2 id="delete-title" className="text-lg font-semibold text-slate-900">
              Delete your account
            </h2>
            <p className="mt-1 text-sm leading-relaxed text-slate-600">
              You are signed out everywhere and your account is hidden at once. After 30 days
              everything is erased: your profile, posts, comments, likes, friends, follows,
              notifications and the pictures and videos you uploaded. People you chatted with see
              &lsquo;Deleted user&rsquo; and &lsquo;message deleted&rsquo;. Payment records are kept
              for accounting, without your name or contact details. Until then, signing in lets you
              restore your account.
            </p>
            {info.data && info.data.upcoming_trials > 0 ? (
              <p className="mt-2 text-sm font-medium text-red-800">
                Your {plural(info.data.upcoming_trials, 'upcoming trial', 'upcoming trials')} will
                be cancelled, and paid registrations refunded.
              </p>
            ) : null}
            {info.data && info.data.open_registrations > 0 ? (
              <p className="mt-2 text-sm font-medium text-red-800">
                Your{' '}
                {plural(info.data.open_registrations, 'trial registration', 'trial registrations')}{' '}
                will be cancelled (paid ones refunded).
              </p>
            ) : null}
          </div>
        </div>
        <div className="mt-4">
          <Button
            tone="ghost"
            className="bg-red-600 text-white hover:bg-red-700 active:bg-red-800"
            onClick={() => setConfirming(true)}
            disabled={!info.data}
          >
            Delete my account
          </Button>
        </div>
      </section>
      {info.data ? (
        <DeleteAccountDialog
          open={confirming}
          onClose={() => setConfirming(false)}
          info={info.data}
          role={role}
        />
      ) : null}
    </div>
  );
}
