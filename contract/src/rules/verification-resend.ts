/**
 * 'Reenviar' on the confirmation banner: a mail at most once a minute, five in an hour. Each mail
 * costs sender reputation, and a button pressed in a loop must not fill someone's inbox.
 */
export const RESEND_MIN_INTERVAL_MS = 60_000;
export const RESEND_WINDOW_MS = 60 * 60_000;
export const RESEND_MAX_PER_WINDOW = 5;

/**
 * How long to wait before another link may be mailed, given when the earlier ones were (any order);
 * 0 when one may go now.
 */
export function resendWaitMs(sentAt: readonly Date[], now: Date): number {
  const t = now.getTime();
  const recent = sentAt.map((d) => d.getTime()).filter((s) => s > t - RESEND_WINDOW_MS && s <= t);
  if (recent.length === 0) return 0;
  recent.sort((a, b) => a - b);
  const sinceLast = t - recent[recent.length - 1]!;
  const minuteWait = Math.max(0, RESEND_MIN_INTERVAL_MS - sinceLast);
  const windowWait =
    recent.length >= RESEND_MAX_PER_WINDOW
      ? recent[recent.length - RESEND_MAX_PER_WINDOW]! + RESEND_WINDOW_MS - t
      : 0;
  return Math.max(minuteWait, windowWait);
}

/** 'Aguarde 45 segundos' up to a minute, then 'Aguarde 12 minutos': the 429 the button shows. */
export function resendWaitMessage(waitMs: number): string {
  const seconds = Math.ceil(waitMs / 1000);
  if (seconds <= 60)
    return `Aguarde ${seconds} ${seconds === 1 ? 'segundo' : 'segundos'} para reenviar o link.`;
  const minutes = Math.ceil(seconds / 60);
  return `Aguarde ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'} para reenviar o link.`;
}
