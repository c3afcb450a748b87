import { Menu, PanelLeftClose, PanelLeftOpen, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Link, useLocation } from 'wouter';
import { BrandMark } from '@/components/brand';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/layout/skip-link';
import { useFocusTrap } from '@/components/ui/use-focus-trap';
import { UserAvatar } from '@/components/ui/user-avatar';
import { APP_NAME } from '@/config/app';
import { ROLE_HOME } from '@/config/paths';
import { session } from '@/lib/session';
import { ADMIN_LINKS, isAdminLinkActive } from '../admin-links';
import { AdminSidebarNav } from './admin-sidebar';
import { LogoutDialog } from './logout-dialog';

export type AdminFrameProps = {
  children: ReactNode;
  /** From `md` up the sidebar is wide (open) or a rail of icons (closed); persisted by the app. */
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
};

const SIDEBAR_ID = 'admin-sidebar';

/**
 * The admin area's layout: a collapsible sidebar (the sections of `ADMIN_LINKS`, then
 * Logout) beside the content. Phones get the same navigation in a drawer behind a menu button.
 */
export function AdminFrame({ children, sidebarOpen, onToggleSidebar }: AdminFrameProps) {
  const { user, profile_photo } = useSnapshot(session);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const compact = !sidebarOpen;
  const [path] = useLocation();
  const section = ADMIN_LINKS.find((link) => isAdminLinkActive(link, path))?.label;

  const askLogout = () => {
    setDrawerOpen(false);
    setConfirming(true);
  };

  return (
    <div className="min-h-dvh bg-slate-100">
      <SkipLink target={MAIN_CONTENT_ID} />

      <aside
        id={SIDEBAR_ID}
        aria-label="Admin sidebar"
        className={`fixed inset-y-0 left-0 z-30 hidden flex-col bg-slate-900 px-3 pt-4 pb-5 transition-[width] duration-200 md:flex ${
          compact ? 'w-[4.5rem]' : 'w-64'
        }`}
      >
        <AdminBrand compact={compact} />
        <div className="mt-6 flex-1">
          <AdminSidebarNav compact={compact} onLogout={askLogout} />
        </div>
      </aside>

      <div
        className={`flex min-h-dvh flex-col transition-[padding] duration-200 ${
          compact ? 'md:pl-[4.5rem]' : 'md:pl-64'
        }`}
      >
        <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-slate-200 bg-white px-4 sm:px-6">
          <button
            ref={menuButton}
            type="button"
            onClick={() => setDrawerOpen(true)}
            aria-label="Open navigation"
            aria-expanded={drawerOpen}
            className="inline-flex size-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 md:hidden"
          >
            <Menu aria-hidden="true" className="size-5" />
          </button>
          <button
            type="button"
            onClick={onToggleSidebar}
            aria-label={sidebarOpen ? 'Collapse sidebar' : 'Expand sidebar'}
            aria-expanded={sidebarOpen}
            aria-controls={SIDEBAR_ID}
            className="hidden size-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 md:inline-flex"
          >
            {sidebarOpen ? (
              <PanelLeftClose aria-hidden="true" className="size-5" />
            ) : (
              <PanelLeftOpen aria-hidden="true" className="size-5" />
            )}
          </button>
          <p className="text-sm font-semibold text-slate-900 md:hidden">{APP_NAME} Admin</p>
          {section ? (
            <p className="hidden text-sm font-semibold text-slate-900 md:block">{section}</p>
          ) : null}
          <div className="ml-auto flex items-center gap-3">
            <span className="hidden text-right sm:block">
              <span className="block text-sm font-semibold text-slate-900">{user}</span>
              <span className="block text-xs text-slate-500">Administrator</span>
            </span>
            <UserAvatar src={profile_photo} className="size-9" />
          </div>
        </header>

        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 focus:outline-none">
          {children}
        </main>
      </div>

      {drawerOpen ? (
        <AdminDrawer onClose={() => setDrawerOpen(false)} onLogout={askLogout} />
      ) : null}

      <LogoutDialog
        open={confirming}
        role="admin"
        onClose={() => setConfirming(false)}
        returnFocus={menuButton}
      />
    </div>
  );
}

function AdminBrand({ compact }: { compact: boolean }) {
  return (
    <Link
      href={ROLE_HOME.admin}
      aria-label={compact ? `${APP_NAME} Admin` : undefined}
      className={`flex h-10 items-center gap-2.5 rounded-lg text-white ${compact ? 'justify-center' : 'px-1'}`}
    >
      <BrandMark className="size-9 shrink-0" />
      {compact ? null : (
        <span className="leading-tight">
          <span className="block text-base font-bold tracking-tight">{APP_NAME}</span>
          <span className="block text-[0.6875rem] font-medium tracking-wide text-slate-400 uppercase">
            Admin
          </span>
        </span>
      )}
    </Link>
  );
}

/** The phone navigation: a modal drawer (focus trapped, Escape and the backdrop close it). */
function AdminDrawer({ onClose, onLogout }: { onClose: () => void; onLogout: () => void }) {
  const panel = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  useFocusTrap(panel, true, { initialFocus: closeButton });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onClose]);

  return (
    <div className="fixed inset-0 z-40 md:hidden">
      <div aria-hidden="true" className="absolute inset-0 bg-slate-900/50" onClick={onClose} />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-label="Admin navigation"
        className="absolute inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col bg-slate-900 px-3 pt-4 pb-5 shadow-2xl"
      >
        <div className="flex items-center justify-between">
          <AdminBrand compact={false} />
          <button
            ref={closeButton}
            type="button"
            onClick={onClose}
            aria-label="Close navigation"
            className="inline-flex size-10 items-center justify-center rounded-lg text-slate-300 hover:bg-white/10 hover:text-white"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
        <div className="mt-6 flex-1">
          <AdminSidebarNav onNavigate={onClose} onLogout={onLogout} />
        </div>
      </div>
    </div>
  );
}
