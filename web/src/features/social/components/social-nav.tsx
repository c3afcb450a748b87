import { Link, useLocation } from 'wouter';

export const SOCIAL_TABS = [
  { href: '/friends', label: 'Friends' },
  { href: '/friend_request_list', label: 'Requests' },
  { href: '/sent_request_list', label: 'Sent' },
  { href: '/following', label: 'Following' },
] as const;

/** The heading and sub-navigation shared by the four friends pages. */
export function SocialHeader({ title, intro }: { title: string; intro: string }) {
  const [path] = useLocation();
  return (
    <header className="mb-5">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-1 text-sm text-slate-600">{intro}</p>
      <nav aria-label="Friends pages" className="mt-4 -mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
        <ul className="flex gap-1 rounded-xl bg-slate-100 p-1 sm:inline-flex">
          {SOCIAL_TABS.map((tab) => {
            const current = path === tab.href;
            return (
              <li key={tab.href} className="flex-1 sm:flex-none">
                <Link
                  href={tab.href}
                  aria-current={current ? 'page' : undefined}
                  className={`block rounded-lg px-4 py-2 text-center text-sm font-medium whitespace-nowrap transition-colors ${
                    current
                      ? 'bg-white text-brand-700 shadow-sm'
                      : 'text-slate-600 hover:text-slate-900'
                  }`}
                >
                  {tab.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </header>
  );
}
