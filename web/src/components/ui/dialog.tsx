import { X } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** Open dialogs, innermost last: only the top one answers Esc and keeps the focus. */
const openPanels: HTMLElement[] = [];

function focusablesIn(panel: HTMLElement): HTMLElement[] {
  return [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.closest('[inert]'),
  );
}

export type DialogProps = {
  open: boolean;
  /** Esc, the close button and (unless turned off) a click on the backdrop call it. */
  onClose: () => void;
  title: ReactNode;
  /** The text read with the title (`aria-describedby`). */
  description?: ReactNode;
  children?: ReactNode;
  /** `alertdialog` for messages that need an answer (errors, confirmations). */
  role?: 'dialog' | 'alertdialog';
  /** What gets the focus on open; else `[data-autofocus]`, else the first focusable control. */
  initialFocus?: RefObject<HTMLElement | null>;
  closeOnBackdrop?: boolean;
  /** Shows an × button in the corner. */
  showClose?: boolean;
  icon?: ReactNode;
  /** Width class of the panel. */
  size?: string;
};

/**
 * A modal dialog: rendered over the page in a portal, focus moved inside and kept there (Tab
 * cycles), Esc closes, and the focus returns to what had it before when the dialog goes away.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  role = 'dialog',
  initialFocus,
  closeOnBackdrop = true,
  showClose = false,
  icon,
  size = 'max-w-md',
}: DialogProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const panel = panelRef.current;
    if (!open || !panel) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    openPanels.push(panel);
    const first =
      initialFocus?.current ??
      panel.querySelector<HTMLElement>('[data-autofocus]') ??
      focusablesIn(panel)[0] ??
      panel;
    first.focus();

    const isTop = () => openPanels[openPanels.length - 1] === panel;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isTop()) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusablesIn(panel);
      if (items.length === 0) {
        event.preventDefault();
        panel.focus();
        return;
      }
      const firstItem = items[0]!;
      const lastItem = items[items.length - 1]!;
      const active = document.activeElement;
      if (event.shiftKey && (active === firstItem || active === panel)) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && active === lastItem) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    const onFocusIn = (event: FocusEvent) => {
      if (isTop() && event.target instanceof Node && !panel.contains(event.target)) {
        (focusablesIn(panel)[0] ?? panel).focus();
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('focusin', onFocusIn);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      document.removeEventListener('focusin', onFocusIn);
      openPanels.splice(openPanels.indexOf(panel), 1);
      if (openPanels.length === 0) document.body.style.overflow = overflow;
      if (previous?.isConnected) previous.focus();
    };
  }, [open, initialFocus]);

  if (!open) return null;
  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center p-4 sm:items-center">
      <div
        aria-hidden="true"
        data-testid="dialog-backdrop"
        className="absolute inset-0 bg-slate-900/50 backdrop-blur-[2px] transition-opacity duration-200 starting:opacity-0"
        onClick={closeOnBackdrop ? () => onCloseRef.current() : undefined}
      />
      <div
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={`relative w-full ${size} rounded-2xl bg-white p-6 shadow-xl ring-1 ring-slate-900/5 transition duration-200 outline-none starting:translate-y-2 starting:opacity-0 sm:p-7`}
      >
        {showClose ? (
          <button
            type="button"
            aria-label="Close"
            onClick={() => onCloseRef.current()}
            className="absolute top-3 right-3 rounded-lg p-2 text-slate-400 hover:bg-slate-100 hover:text-slate-600"
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        ) : null}
        {icon ? <div className="mb-4">{icon}</div> : null}
        <h2 id={titleId} className="text-lg font-semibold tracking-tight text-slate-900">
          {title}
        </h2>
        {description ? (
          <div id={descriptionId} className="mt-2 text-sm leading-relaxed text-slate-600">
            {description}
          </div>
        ) : null}
        {children}
      </div>
    </div>,
    document.body,
  );
}
