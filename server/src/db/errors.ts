/**
 * True when `err` (or an error it wraps: Drizzle puts the driver's error in `cause`) is PostgreSQL's
 * unique_violation, 23505: another row already holds the value. The one check of it, so each caller
 * turns it into its own 409.
 */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
