import type { AuthUser } from './auth-context';

export const TOKEN_KEY = 'aprendiz.token';
export const USER_KEY = 'aprendiz.user';

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

/** The session kept by a previous visit; null when absent or unreadable (private mode, tampered JSON). */
export function readSession(): LocalSession | null {
  try {
    const token = localStorage.getItem(TOKEN_KEY);
    const userJson = localStorage.getItem(USER_KEY);
    if (!token || !userJson) return null;
    const user: unknown = JSON.parse(userJson);
    return isAuthUser(user) ? { token, user } : null;
  } catch {
    return null;
  }
}

export function writeSession(session: LocalSession): void {
  try {
    localStorage.setItem(TOKEN_KEY, session.token);
    localStorage.setItem(USER_KEY, JSON.stringify(session.user));
  } catch {
    // Storage refused (quota, private mode): the session still lives for this tab.
  }
}

export function clearSession(): void {
  try {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
  } catch {
    // Nothing was stored, so there is nothing to clear.
  }
}
