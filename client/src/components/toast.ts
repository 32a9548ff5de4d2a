import type { ToastContent } from 'react-toastify';

type Toastify = typeof import('react-toastify');
type Kind = 'success' | 'error' | 'warning' | 'info';

// react-toastify is imported on the first toast, not with the page: most visits never show one. Toasts
// sent before the container has mounted are queued by react-toastify and shown once it mounts.
let toastify: Promise<Toastify> | null = null;
const hostListeners = new Set<() => void>();

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

function show(kind: Kind, message: ToastContent): void {
  void loadToastify().then(({ toast }) => {
    toast[kind](message);
  });
}

export const notify = {
  success: (message: ToastContent) => show('success', message),
  error: (message: ToastContent) => show('error', message),
  warning: (message: ToastContent) => show('warning', message),
  info: (message: ToastContent) => show('info', message),
};
