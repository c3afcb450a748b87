import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { AuthTone } from '../lib/tone';
import { LINK_CLASS } from '../lib/tone';

/** "Question? Link" — one line of the links under an authentication card. */
export function AuthLink({
  prompt,
  href,
  children,
  tone = 'player',
}: {
  prompt: string;
  href: string;
  children: ReactNode;
  tone?: AuthTone;
}) {
  return (
    <p>
      {prompt}{' '}
      <Link href={href} className={LINK_CLASS[tone]}>
        {children}
      </Link>
    </p>
  );
}
