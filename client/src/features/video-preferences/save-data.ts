/**
 * 'Poupar dados' (issue 42): uploaded lectures start at 240p. A choice of this device, not of the
 * account: the same learner saves data on a phone's mobile plan and not on the desktop at home.
 * Kept apart from the player so the profile offers it without loading hls.js.
 */
export const SAVE_DATA_KEY = 'aprendiz.saveData';

type ConnectionHints = { saveData?: boolean; effectiveType?: string };

/** What the browser says of the connection: data saving asked, or 3G or slower. */
export function browserSavesData(): boolean {
  if (typeof navigator === 'undefined') return false;
  const connection = (navigator as Navigator & { connection?: ConnectionHints }).connection;
  return Boolean(
    connection?.saveData || ['slow-2g', '2g', '3g'].includes(connection?.effectiveType ?? ''),
  );
}

/** The learner's choice on this device when there is one, else what the browser says. */
export function prefersSavingData(): boolean {
  if (typeof window === 'undefined') return false;
  const stored = window.localStorage.getItem(SAVE_DATA_KEY);
  if (stored !== null) return stored === '1';
  return browserSavesData();
}

export function chooseSavingData(on: boolean): void {
  window.localStorage.setItem(SAVE_DATA_KEY, on ? '1' : '0');
}
