import { useEffect } from 'react';
import { env } from '../config/env';

function setMetaDescription(content: string): void {
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  meta.content = content;
}

/** The tab title of a page: '{title} | {brand}', or the title alone when it already names the brand. */
export function pageTitle(title: string): string {
  if (!title) return env.brand;
  return title.includes(env.brand) ? title : `${title} | ${env.brand}`;
}

/** Sets the tab title and, when given, the meta description of the document. */
export function setPageHead(title: string, description?: string): void {
  document.title = pageTitle(title);
  if (description) setMetaDescription(description);
}

/** Sets the tab title and, when given, the meta description of the current page. */
export function usePageTitle(title: string, description?: string): void {
  useEffect(() => setPageHead(title, description), [title, description]);
}
