export const CLIENT_ID_KEY = 'aprendiz.clientId';

function randomId(): string {
  // randomUUID exists only in secure contexts; a phone opening the app over a LAN address is not one.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** This browser's anonymous id for the online counter, kept across visits. */
export function getClientId(): string {
  try {
    const stored = localStorage.getItem(CLIENT_ID_KEY);
    if (stored) return stored;
    const id = randomId();
    localStorage.setItem(CLIENT_ID_KEY, id);
    return id;
  } catch {
    return randomId();
  }
}
