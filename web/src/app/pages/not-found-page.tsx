import { Compass } from 'lucide-react';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { MESSAGES } from '@touchline/shared';
import { StatusPage } from '@/components/status-page';
import { homeFor } from '@/config/paths';
import { session } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function NotFoundPage() {
  const { role } = useSnapshot(session);
  const home = homeFor(role);
  useDocumentTitle(MESSAGES.notFound);
  return (
    <StatusPage
      status={404}
      title={MESSAGES.notFound}
      homeHref={home}
      icon={<Compass className="size-7" aria-hidden="true" />}
      body={<p>The page you are looking for does not exist or has moved.</p>}
      actions={
        <>
          <Link href={home} className="btn btn-player">
            {role ? 'Back to home' : 'Go to login'}
          </Link>
          <button type="button" className="btn btn-secondary" onClick={() => history.back()}>
            Go back
          </button>
        </>
      }
    />
  );
}
