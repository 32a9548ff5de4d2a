import type { Id, ToastContent } from 'react-toastify';

type Toastify = typeof import('react-toastify');
type Kind = 'success' | 'error' | 'warning' | 'info';

type NotifyOptions = {
  /**
   * Toasts with the same key take turns in one place: a new one replaces the one on screen, with its
   * timer started again, instead of stacking under it. Without a key, the kind and text are the key.
   */
  key?: string;
};

// react-toastify is imported on the first toast, not with the page: most visits never show one. Toasts
// sent before the container has mounted are queued by react-toastify and shown once it mounts.
let toastify: Promise<Toastify> | null = null;
const hostListeners = new Set<() => void>();
// The toast each key last showed. react-toastify ignores a new toast whose id is still on screen (or
// leaving it), so ids are not reused: a key's next toast either updates the live one or gets a new id.
const shownByKey = new Map<string, Id>();

export function loadToastify(): Promise<Toastify> {
  if (!toastify) {
    toastify = import('react-toastify');
    hostListeners.forEach((listener) => listener());
  }
  return toastify;
}

/** For the toast host: whether anything has asked for a toast yet (then it mounts the container). */
export function toastsRequested(): boolean {
  return toastify !== null;
}

export function subscribeToToastRequests(listener: () => void): () => void {
  hostListeners.add(listener);
  return () => hostListeners.delete(listener);
}

function show(kind: Kind, message: ToastContent, { key }: NotifyOptions = {}): void {
  const slot = key ?? (typeof message === 'string' ? `${kind}:${message}` : undefined);
  void loadToastify().then(({ toast }) => {
    const current = slot === undefined ? undefined : shownByKey.get(slot);
    if (current !== undefined && toast.isActive(current)) {
      // A new update id restarts the 5 s timer; react-toastify delays updates by 100 ms unless told.
      toast.update(current, { render: message, type: kind, delay: 0 });
      return;
    }
    const id = toast[kind](message);
    if (slot !== undefined) shownByKey.set(slot, id);
  });
}

/** The key of toasts asking the visitor to sign in: they go as soon as someone is signed in. */
export const SIGN_IN_PROMPT = 'sign-in-prompt';

/** Takes the toast a key last showed off the screen, if it is still there. */
function dismiss(key: string): void {
  const id = shownByKey.get(key);
  if (id === undefined) return;
  shownByKey.delete(key);
  void loadToastify().then(({ toast }) => toast.dismiss(id));
}

export const notify = {
  dismiss,
  success: (message: ToastContent, options?: NotifyOptions) => show('success', message, options),
  error: (message: ToastContent, options?: NotifyOptions) => show('error', message, options),
  warning: (message: ToastContent, options?: NotifyOptions) => show('warning', message, options),
  info: (message: ToastContent, options?: NotifyOptions) => show('info', message, options),
};
