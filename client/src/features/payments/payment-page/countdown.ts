/** Whole seconds left until `expiresAt` (never below 0), or null when there is no deadline. */
export function secondsLeft(expiresAt: string | null, now: number): number | null {
  if (!expiresAt) return null;
  return Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 1000));
}

/** '1:29', '29:59', '2 d 23:59:59': minutes and seconds, hours once it is that long. */
export function countdownText(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const secs = String(seconds % 60).padStart(2, '0');
  if (days > 0)
    return `${days} d ${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}:${secs}`;
  if (hours > 0) return `${hours}:${String(minutes).padStart(2, '0')}:${secs}`;
  return `${minutes}:${secs}`;
}
