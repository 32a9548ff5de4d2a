import { env } from '../config/env';
import { pageTitle } from '../lib/use-page-title';
import type { PageMeta } from './page-meta';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

/** JSON placed inside a <script> element: '<' is escaped, so no value can close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function absolute(url: string, origin: string): string {
  return /^https?:\/\//.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
}

/**
 * The <head> tags of a server-rendered page: title, description, canonical URL, Open Graph and
 * Twitter card (what WhatsApp, Telegram and LinkedIn show for a shared link), and JSON-LD.
 */
export function pageHead(meta: PageMeta, origin: string, pathname: string): string {
  const title = pageTitle(meta.title);
  const url = `${origin}${pathname}`;
  const tags: string[] = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
  ];
  if (meta.noindex) tags.push('<meta name="robots" content="noindex" />');
  else tags.push(`<link rel="canonical" href="${escapeHtml(url)}" />`);
  const property = (name: string, content: string) =>
    tags.push(`<meta property="${name}" content="${escapeHtml(content)}" />`);
  const named = (name: string, content: string) =>
    tags.push(`<meta name="${name}" content="${escapeHtml(content)}" />`);
  property('og:site_name', env.brand);
  property('og:type', meta.type ?? 'website');
  property('og:title', title);
  property('og:description', meta.description);
  property('og:url', url);
  property('og:locale', 'pt_PT');
  if (meta.image) property('og:image', absolute(meta.image, origin));
  if (meta.price) {
    property('product:price:amount', String(meta.price.amount));
    property('product:price:currency', meta.price.currency);
  }
  named('twitter:card', meta.image ? 'summary_large_image' : 'summary');
  named('twitter:title', title);
  named('twitter:description', meta.description);
  if (meta.image) named('twitter:image', absolute(meta.image, origin));
  if (meta.jsonLd) {
    tags.push(`<script type="application/ld+json">${scriptJson(meta.jsonLd)}</script>`);
  }
  return tags.join('\n    ');
}
