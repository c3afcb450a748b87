import { LockKeyhole } from 'lucide-react';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { MESSAGES } from '@touchline/shared';
import { StatusPage } from '@/components/status-page';
import { homeFor } from '@/config/paths';
import { session } from '@/lib/session';

/** 401: the signed-in role may not open the page it asked for (spec §2, §4). */
export default function UnauthenticatedPage() {
  const { role } = useSnapshot(session);
  const home = homeFor(role);
  return (
    <StatusPage
      status={401}
      title={MESSAGES.unauthenticatedTitle}
      homeHref={home}
      icon={<LockKeyhole className="size-7" aria-hidden="true" />}
      body={<p>{MESSAGES.unauthenticatedBody}</p>}
      actions={
        <Link href={home} className="btn btn-player">
          {role ? 'Back to home' : 'Go to login'}
        </Link>
      }
    />
  );
}
