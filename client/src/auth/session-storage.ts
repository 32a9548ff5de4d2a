import type { AuthUser } from './auth-context';
import { TOKEN_KEY, USER_KEY } from './session-keys';

export { TOKEN_KEY, USER_KEY };

export type LocalSession = { token: string; user: AuthUser };

function isAuthUser(value: unknown): value is AuthUser {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'string' &&
    typeof v.name === 'string' &&
    typeof v.email === 'string' &&
    typeof v.imageUrl === 'string'
  );
}

type Listener = () => void;
const listeners = new Set<Listener>();
// The session of this tab when storage refused to keep it (quota, private mode).
let unstored: LocalSession | null = null;
let cached: { token: string | null; userJson: string | null; session: LocalSession | null } | null =
  null;

function parse(token: string | null, userJson: string | null): LocalSession | null {
  if (!token || !userJson) return null;
  try {
    const user: unknown = JSON.parse(userJson);
    return isAuthUser(user) ? { token, user } : null;
  } catch {
    return null;
  }
}

/** The session kept by a previous visit; null when absent or unreadable (private mode, tampered JSON). */
export function readSession(): LocalSession | null {
  let token: string | null;
  let userJson: string | null;
  try {
    token = localStorage.getItem(TOKEN_KEY);
    userJson = localStorage.getItem(USER_KEY);
  } catch {
    return unstored;
  }
  // The same stored values give the same object, as useSyncExternalStore requires of a snapshot.
  if (cached?.token !== token || cached.userJson !== userJson)
    cached = { token, userJson, session: parse(token, userJson) };
  return cached.session ?? unstored;
}

/** Calls `listener` when the session changes, here or in another tab; returns the undo. */
export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === USER_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function changed(): void {
  for (const listener of listeners) listener();
}

export function writeSession(session: LocalSession): void {
  unstored = null;
  try {
    localStorage.setItem(TOKEN_KEY, session.token);
    localStorage.setItem(USER_KEY, JSON.stringify(session.user));
  } catch {
    // Storage refused (quota, private mode): the session still lives for this tab.
    unstored = session;
  }
  changed();
}

export function clearSession(): void {
  unstored = null;
  try {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
  } catch {
    // Nothing was stored, so there is nothing to clear.
  }
  changed();
}
