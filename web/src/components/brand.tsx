import { Link } from 'wouter';
import { APP_NAME } from '@/config/app';

/** The Touchline mark and word mark. */
export function BrandMark({ className = 'size-9' }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={className}>
      <rect width="64" height="64" rx="14" className="fill-brand-700" />
      <path
        d="M14 20h36M32 20v28"
        stroke="#fff"
        strokeWidth="7"
        strokeLinecap="round"
        fill="none"
      />
      <circle cx="46" cy="44" r="5" className="fill-brand-200" />
    </svg>
  );
}

export function Brand({ href = '/' }: { href?: string }) {
  return (
    <Link
      href={href}
      className="inline-flex items-center gap-2.5 rounded-lg text-lg font-bold tracking-tight text-slate-900"
    >
      <BrandMark />
      <span>{APP_NAME}</span>
    </Link>
  );
}
