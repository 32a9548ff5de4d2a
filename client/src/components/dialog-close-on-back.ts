import { useEffect, useRef } from 'react';

// Marks the history entry an open dialog added, among whatever state the router keeps there.
const ENTRY_MARK = 'openDialog';
let lastEntryId = 0;

function currentEntryMark(): unknown {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && ENTRY_MARK in state
    ? state[ENTRY_MARK]
    : undefined;
}

/**
 * Gives an open dialog its own history entry, so the browser's (or a phone's) Back closes the dialog
 * instead of leaving the page under it. Closed any other way, the dialog takes its entry off again.
 * The entry copies the router's state, so the router sees the same page either side of it.
 */
export function useCloseOnBack(open: boolean, onClose: () => void): void {
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  const entryId = useRef(0);
  const pendingBack = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (!open) return;
    if (pendingBack.current !== null) {
      // Re-run at once (React's development double run): the entry added a moment ago is still ours.
      clearTimeout(pendingBack.current);
      pendingBack.current = null;
    } else {
      lastEntryId += 1;
      entryId.current = lastEntryId;
      const state: unknown = window.history.state;
      window.history.pushState(
        { ...(typeof state === 'object' ? state : {}), [ENTRY_MARK]: entryId.current },
        '',
      );
    }
    const ours = entryId.current;
    const onPopState = () => {
      if (currentEntryMark() !== ours) close.current();
    };
    window.addEventListener('popstate', onPopState);
    return () => {
      window.removeEventListener('popstate', onPopState);
      // Back has already taken the entry away; otherwise it goes once this closing has settled.
      if (currentEntryMark() !== ours) return;
      pendingBack.current = setTimeout(() => {
        pendingBack.current = null;
        if (currentEntryMark() === ours) window.history.back();
      }, 0);
    };
  }, [open]);
}
