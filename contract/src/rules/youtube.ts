/**
 * A lecture's video id is the last path segment of its URL (youtu.be/ID, /embed/ID). Links
 * copied from the browser's address bar are watch?v=ID, so the v parameter wins when present.
 */
export function youtubeVideoId(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return '';
  }
  const fromQuery = parsed.searchParams.get('v');
  if (fromQuery) return fromQuery;
  const segments = parsed.pathname.split('/').filter((segment) => segment !== '');
  return segments.at(-1) ?? '';
}
