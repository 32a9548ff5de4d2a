import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { AuthUser } from '../auth/auth-context';
import { useNavigate } from 'react-router-dom';
import { useAuthActions, useAuthUser } from '../auth/auth-context';
import { paths } from '../config/paths';
import { focusRing } from './ui/focus-ring';

export type MenuAction = { label: string; onSelect: () => void | Promise<void> };

type PopupMenuProps = {
  /** Accessible name of the button that opens the menu. */
  label: string;
  /** What the button shows (an avatar, an icon and a caption). */
  button: ReactNode;
  buttonClassName?: string;
  /** Shown above the actions, not focusable (the user's name and e-mail). */
  header?: ReactNode;
  actions: MenuAction[];
  /** 'up' for the phone bottom bar, whose menu opens above it. */
  direction?: 'down' | 'up';
};

/** A menu button: arrow keys move between actions, Esc or a click outside closes and returns focus. */
export function PopupMenu({
  label,
  button,
  buttonClassName = '',
  header,
  actions,
  direction = 'down',
}: PopupMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    if (!open) return;
    itemRefs.current[0]?.focus();
    function onPointerDown(event: PointerEvent | MouseEvent) {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open]);

  function close() {
    setOpen(false);
    buttonRef.current?.focus();
  }

  function handleMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const items = itemRefs.current.filter((item): item is HTMLButtonElement => item !== null);
    const index = items.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      items[(index + step + items.length) % items.length]?.focus();
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      (event.key === 'Home' ? items[0] : items[items.length - 1])?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  }

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
        className={buttonClassName}
      >
        {button}
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={label}
          onKeyDown={handleMenuKeyDown}
          className={`absolute right-0 z-40 w-60 rounded-lg border border-slate-200 bg-white py-2 shadow-lg ${
            direction === 'up' ? 'bottom-full mb-2' : 'top-full mt-2'
          }`}
        >
          {header && <div className="border-b border-slate-100 px-4 pb-2 mb-1">{header}</div>}
          {actions.map((action, i) => (
            <button
              key={action.label}
              ref={(node) => {
                itemRefs.current[i] = node;
              }}
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={() => {
                setOpen(false);
                void action.onSelect();
              }}
              className="block w-full px-4 py-2 text-left text-sm text-slate-800 hover:bg-slate-100 focus:bg-slate-100 focus:outline-none"
            >
              {action.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

/** The user's picture, or their initial on a blue disc when they have none. */
export function Avatar({ user, size = 36 }: { user: AuthUser; size?: number }) {
  if (user.imageUrl) {
    return (
      <img
        src={user.imageUrl}
        alt=""
        width={size}
        height={size}
        referrerPolicy="no-referrer"
        className="rounded-full object-cover"
        style={{ width: size, height: size }}
      />
    );
  }
  const initial = (user.name.trim()[0] ?? '?').toUpperCase();
  return (
    <span
      aria-hidden="true"
      className="inline-flex items-center justify-center rounded-full bg-blue-600 font-semibold text-white"
      style={{ width: size, height: size }}
    >
      {initial}
    </span>
  );
}

/**
 * The signed-in user's avatar button with their name, e-mail, 'Meu perfil' and 'Sair'; `staff`
 * adds the way to the operators' console.
 */
export function UserMenu({ staff = false }: { staff?: boolean }) {
  const { user } = useAuthUser();
  const { signOut } = useAuthActions();
  const navigate = useNavigate();
  if (!user) return null;
  return (
    <PopupMenu
      label="Menu da conta"
      button={<Avatar user={user} />}
      buttonClassName={`rounded-full ${focusRing}`}
      header={
        <>
          <p className="truncate text-sm font-semibold text-slate-900">{user.name}</p>
          <p className="truncate text-xs text-slate-600">{user.email}</p>
        </>
      }
      actions={[
        { label: 'Meu perfil', onSelect: () => navigate(paths.profile) },
        ...(staff
          ? [{ label: 'Console da plataforma', onSelect: () => navigate(paths.admin) }]
          : []),
        { label: 'Sair', onSelect: signOut },
      ]}
    />
  );
}
