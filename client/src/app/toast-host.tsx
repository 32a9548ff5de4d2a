import { lazy, Suspense, useSyncExternalStore } from 'react';
import { loadToastify, subscribeToToastRequests, toastsRequested } from '../components/toast';

const ToastContainer = lazy(() =>
  loadToastify().then(({ ToastContainer: Container }) => ({
    default: function AppToastContainer() {
      return (
        <Container
          position="top-right"
          autoClose={5000}
          newestOnTop
          closeOnClick={false}
          // On phones react-toastify spans the top edge; a one-line toast is kept within the top bar's
          // height so it does not cover the page's own header (the player's progress bar).
          className="max-[480px]:[--toastify-toast-min-height:3rem] max-[480px]:[--toastify-toast-padding:0.5rem_0.875rem]"
        />
      );
    },
  })),
);

/** Mounts react-toastify's container the first time something asks for a toast (top-right, 5 s). */
export function ToastHost() {
  const requested = useSyncExternalStore(subscribeToToastRequests, toastsRequested, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}
