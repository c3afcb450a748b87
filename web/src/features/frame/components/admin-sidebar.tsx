import { LogOut } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { ADMIN_LINKS } from '../admin-links';

/**
 * The admin navigation: the sections, then Logout. `compact` shows icons only (their names stay
 * as accessible labels and tooltips).
 */
export function AdminSidebarNav({
  compact = false,
  onNavigate,
  onLogout,
}: {
  compact?: boolean;
  onNavigate?: () => void;
  onLogout: () => void;
}) {
  const [path] = useLocation();
  const itemClass = (active: boolean) =>
    `flex h-11 items-center gap-3 rounded-lg text-sm font-medium transition-colors ${
      compact ? 'justify-center px-0' : 'px-3'
    } ${active ? 'bg-white/10 text-white' : 'text-slate-300 hover:bg-white/5 hover:text-white'}`;

  return (
    <div className="flex h-full flex-col">
      <nav aria-label="Admin" className="flex-1">
        <ul className="space-y-1">
          {ADMIN_LINKS.map((link) => {
            const active = path === link.href;
            const Icon = link.icon;
            return (
              <li key={link.href}>
                <Link
                  href={link.href}
                  aria-current={active ? 'page' : undefined}
                  aria-label={compact ? link.label : undefined}
                  title={compact ? link.label : undefined}
                  className={itemClass(active)}
                  onClick={onNavigate}
                >
                  <Icon
                    aria-hidden="true"
                    className={`size-5 shrink-0 ${active ? 'text-brand-400' : ''}`}
                  />
                  {compact ? null : <span>{link.label}</span>}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <button
        type="button"
        onClick={onLogout}
        aria-label={compact ? 'Logout' : undefined}
        title={compact ? 'Logout' : undefined}
        className={`${itemClass(false)} mt-4 w-full border-t border-white/10 pt-1`}
      >
        <LogOut aria-hidden="true" className="size-5 shrink-0" />
        {compact ? null : <span>Logout</span>}
      </button>
    </div>
  );
}
