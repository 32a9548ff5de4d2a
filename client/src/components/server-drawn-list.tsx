import { useState, useSyncExternalStore, type ComponentProps, type MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';

const noSubscription = () => () => {};

/** A plain left click on a link of this site, which the router can follow without a page load. */
function routerPath(event: MouseEvent<HTMLElement>): string | undefined {
  if (event.defaultPrevented || event.button !== 0) return undefined;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return undefined;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || !event.currentTarget.contains(link)) return undefined;
  if (link.target || link.hasAttribute('download')) return undefined;
  const url = new URL(link.href);
  if (url.origin !== window.location.origin) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

type ServerDrawnListProps = ComponentProps<'ul'> & {
  /** What the list shows; while it is the value the page was hydrated with, the server's items stay. */
  items: unknown;
};

/**
 * A list of plain links (the catalogue's course cards) that hydration leaves as the server drew it.
 * Its items have nothing to hydrate — a card is a link, hover and focus are CSS — yet they are most
 * of a catalogue page's elements, and hydrating them was most of the work a slow phone did before
 * it could answer a touch. So while the list shows what the page was hydrated with, React keeps the
 * server's items untouched (an element with inner HTML is not hydrated below itself) and the list
 * follows its links' clicks through the router, as each card's `<Link>` would. Once the items
 * change (a new search, 'Ver mais', a revalidation) React draws them itself; a list first drawn in
 * the browser (a navigation) always is.
 */
export function ServerDrawnList({ items, children, onClick, ...list }: ServerDrawnListProps) {
  // The server snapshot is read only while hydrating; on the server itself the items are drawn.
  const hydrating = useSyncExternalStore(
    noSubscription,
    () => false,
    () => !import.meta.env.SSR,
  );
  const [hydrated] = useState(() => (hydrating ? { items } : null));
  const navigate = useNavigate();

  function followLink(event: MouseEvent<HTMLUListElement>) {
    onClick?.(event);
    const path = routerPath(event);
    if (path === undefined) return;
    event.preventDefault();
    void navigate(path);
  }

  if (hydrated?.items === items) {
    return (
      <ul
        key="server"
        {...list}
        onClick={followLink}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: '' }}
      />
    );
  }
  return (
    <ul key="client" {...list} onClick={followLink}>
      {children}
    </ul>
  );
}
