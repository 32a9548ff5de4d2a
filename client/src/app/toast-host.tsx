import { lazy, Suspense, useSyncExternalStore } from 'react';
import { loadToastify, subscribeToToastRequests, toastsRequested } from '../components/toast';

const ToastContainer = lazy(() =>
  loadToastify().then(({ ToastContainer: Container }) => ({
    default: function AppToastContainer() {
      return <Container position="top-right" autoClose={5000} newestOnTop closeOnClick={false} />;
    },
  })),
);

/** Mounts react-toastify's container the first time something asks for a toast (spec §9: top-right, 5 s). */
export function ToastHost() {
  const requested = useSyncExternalStore(subscribeToToastRequests, toastsRequested, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}
