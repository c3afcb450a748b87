import { PartyPopper } from 'lucide-react';
import { useSnapshot } from 'valtio';
import { WelcomeForm } from '@/features/auth';
import { session } from '@/lib/session';

/** `/welcome`: the details a Google signup did not ask for (spec §2). */
export default function WelcomePage() {
  const { user } = useSnapshot(session);
  return (
    <div className="mx-auto w-full max-w-lg px-4 py-8 sm:py-12">
      <div className="card px-5 py-7 sm:px-8 sm:py-9">
        <div className="mb-4 flex size-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
          <PartyPopper className="size-6" aria-hidden="true" />
        </div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">
          Welcome{user ? `, ${user}` : ''}!
        </h1>
        <p className="mt-1.5 mb-7 text-sm leading-relaxed text-slate-600">
          A few details to finish your player profile, so academies can find you for the right
          trials.
        </p>
        <WelcomeForm />
      </div>
    </div>
  );
}
