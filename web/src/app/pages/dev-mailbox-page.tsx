import { useSearchParams } from 'wouter';
import { Brand } from '@/components/brand';
import { DevMailbox } from '@/features/dev-mailbox/components/dev-mailbox';

/** `/dev/mailbox`: e-mails sent without SMTP (development mode only, supplement §11). */
export default function DevMailboxPage() {
  const [params, setParams] = useSearchParams();
  const address = params.get('to') ?? '';
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-3xl items-center justify-between px-4 sm:px-6">
          <Brand />
          <span className="rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-800">
            Development
          </span>
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Development mailbox</h1>
        <p className="mt-1 mb-6 text-sm text-slate-600">
          E-mails the server would have sent (verification codes, receipts) land here while no SMTP
          server is configured.
        </p>
        <DevMailbox
          address={address}
          onAddressChange={(to) => setParams(to ? { to } : {}, { replace: true })}
        />
      </main>
    </div>
  );
}
