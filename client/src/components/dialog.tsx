import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useCloseOnBack } from './dialog-close-on-back';
import { focusRingFlush } from './ui/focus-ring';

type DialogProps = {
  open: boolean;
  onClose: () => void;
  /** Shown as the dialog's heading and used as its accessible name. */
  title?: ReactNode;
  /** Id of another element naming the dialog, when the heading is not `title`. */
  labelledBy?: string;
  /** Id of the element that says what the dialog is about (read out with its name). */
  describedBy?: string;
  /** 'alertdialog' for a question the user must answer before going on (a confirmation). */
  role?: 'dialog' | 'alertdialog';
  /** When set, a × button with this accessible name closes the dialog. */
  closeLabel?: string;
  /** Extra classes for the panel (padding, alignment). */
  className?: string;
  /** 'wide' for content that needs room, such as an embedded page. */
  size?: 'default' | 'wide';
  /** Back (the browser's, or a phone's) closes the dialog instead of leaving the page. */
  closeOnBack?: boolean;
  children: ReactNode;
};

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE));
}

// Several dialogs can be open at once (a menu's dialog over the install prompt); the page scrolls
// again only when the last one closes.
let scrollLocks = 0;
let overflowBeforeLock = '';

function lockScroll(): () => void {
  if (scrollLocks === 0) {
    overflowBeforeLock = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
  }
  scrollLocks += 1;
  return () => {
    scrollLocks -= 1;
    if (scrollLocks === 0) document.body.style.overflow = overflowBeforeLock;
  };
}

/** A modal dialog: focus stays inside, Esc and a click on the backdrop close it, focus returns after. */
export function Dialog({
  open,
  onClose,
  title,
  labelledBy,
  describedBy,
  role = 'dialog',
  closeLabel,
  className = '',
  closeOnBack = false,
  size = 'default',
  children,
}: DialogProps) {
  const titleId = useId();
  useCloseOnBack(open && closeOnBack, onClose);
  const panelRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const pressStartedInPanel = useRef(false);

  useEffect(() => {
    if (!open) return;
    const previouslyFocused =
      document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const unlock = lockScroll();
    const first = contentRef.current ? focusableIn(contentRef.current)[0] : undefined;
    (first ?? panelRef.current)?.focus();
    return () => {
      unlock();
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
  }, [open]);

  if (!open) return null;

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const items = focusableIn(panelRef.current);
    if (items.length === 0) {
      event.preventDefault();
      return;
    }
    const first = items[0];
    const last = items[items.length - 1];
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === panelRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    <div
      data-testid="dialog-backdrop"
      className="fixed inset-0 z-50 flex items-end justify-center bg-slate-900/50 p-4 sm:items-center"
      onClick={(event) => {
        // A text selection that starts in the panel and ends on the backdrop is not a click outside.
        const startedInside = pressStartedInPanel.current;
        pressStartedInPanel.current = false;
        if (event.target === event.currentTarget && !startedInside) onClose();
      }}
    >
      <div
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy ?? (title ? titleId : undefined)}
        aria-describedby={describedBy}
        tabIndex={-1}
        onKeyDown={handleKeyDown}
        onMouseDown={() => {
          pressStartedInPanel.current = true;
        }}
        className={`relative max-h-[90vh] w-full ${size === 'wide' ? 'max-w-3xl' : 'max-w-md'} overflow-y-auto rounded-lg bg-white p-6 shadow-xl outline-none ${className}`}
      >
        {(title || closeLabel) && (
          <div className="mb-4 flex items-start justify-between gap-4">
            {title ? (
              <h2 id={titleId} className="text-xl font-semibold text-slate-900">
                {title}
              </h2>
            ) : (
              <span />
            )}
            {closeLabel && (
              <button
                type="button"
                aria-label={closeLabel}
                onClick={() => onClose()}
                // 44 × 44 px to touch (20 px icon, 12 px around), laid out as the icon alone.
                className={`-m-3 rounded-md p-3 text-slate-500 hover:bg-slate-100 hover:text-slate-800 ${focusRingFlush}`}
              >
                <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
                  <path d="M5.3 4.3a1 1 0 0 1 1.4 0L10 7.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 9l3.3 3.3a1 1 0 0 1-1.4 1.4L10 10.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 9 5.3 5.7a1 1 0 0 1 0-1.4Z" />
                </svg>
              </button>
            )}
          </div>
        )}
        <div ref={contentRef}>{children}</div>
      </div>
    </div>,
    document.body,
  );
}
