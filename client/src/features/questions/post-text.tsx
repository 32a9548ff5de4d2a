import type { ReactNode } from 'react';

/**
 * What a learner types, shown as elements built here: line breaks, `inline code`, ``` blocks ``` and
 * http(s) links. Nothing typed is ever parsed as HTML (no dangerouslySetInnerHTML), so markup in a
 * post is shown as the characters it is, and only web addresses become links (never javascript:).
 */

const FENCE = /```[^\n]*\n?([\s\S]*?)```/g;
const LINK = /\bhttps?:\/\/[^\s<>"'`]+/g;
/** Punctuation that ends a sentence rather than the address ('veja https://a.test/x.'). */
const TRAILING = /[.,;:!?)\]]+$/;

function linkify(text: string, key: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const raw = match[0];
    const url = raw.replace(TRAILING, '');
    const start = match.index;
    if (start > last) nodes.push(text.slice(last, start));
    nodes.push(
      <a
        key={`${key}-a${start}`}
        href={url}
        target="_blank"
        rel="noopener noreferrer nofollow ugc"
        className="break-all text-blue-700 underline hover:text-blue-800"
      >
        {url}
      </a>,
    );
    last = start + url.length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

function inline(text: string, key: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  const parts = text.split(/(`[^`\n]+`)/);
  parts.forEach((part, index) => {
    if (part.length > 2 && part.startsWith('`') && part.endsWith('`')) {
      nodes.push(
        <code
          key={`${key}-c${index}`}
          className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.9em] text-slate-900"
        >
          {part.slice(1, -1)}
        </code>,
      );
    } else if (part) {
      part.split('\n').forEach((line, lineIndex) => {
        if (lineIndex > 0) nodes.push(<br key={`${key}-b${index}-${lineIndex}`} />);
        nodes.push(...linkify(line, `${key}-${index}-${lineIndex}`));
      });
    }
  });
  return nodes;
}

export function PostText({ text, className = '' }: { text: string; className?: string }) {
  const blocks: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(FENCE)) {
    const before = text.slice(last, match.index).replace(/^\n+|\n+$/g, '');
    if (before) blocks.push(<p key={`p${last}`}>{inline(before, `p${last}`)}</p>);
    blocks.push(
      <pre
        key={`pre${match.index}`}
        className="overflow-x-auto rounded-md bg-slate-900 p-3 font-mono text-sm text-slate-100"
      >
        <code>{(match[1] ?? '').replace(/\n$/, '')}</code>
      </pre>,
    );
    last = match.index + match[0].length;
  }
  const rest = text.slice(last).replace(/^\n+|\n+$/g, '');
  if (rest) blocks.push(<p key={`p${last}`}>{inline(rest, `p${last}`)}</p>);
  return (
    <div className={`flex flex-col gap-2 break-words text-slate-800 ${className}`}>{blocks}</div>
  );
}
