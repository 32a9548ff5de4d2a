import { lazy, Suspense } from 'react';
import { env } from '../config/env';
import { Loader } from './loader';

// The scheduling widget is only needed once someone books a session: keep it out of the home chunk.
const PopupModal = lazy(() =>
  import('react-calendly').then((module) => ({ default: module.PopupModal })),
);

type CalendlyPopupProps = {
  open: boolean;
  onClose: () => void;
  /** Fills the booking form for a signed-in user. */
  prefill?: { name?: string; email?: string };
};

/** The external scheduling widget (spec §1) in a popup over the page. */
export function CalendlyPopup({ open, onClose, prefill }: CalendlyPopupProps) {
  if (!open) return null;
  return (
    <Suspense
      fallback={
        <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50">
          <div className="rounded-lg bg-white px-8">
            <Loader label="Carregando agenda…" fullHeight={false} />
          </div>
        </div>
      }
    >
      <PopupModal
        url={env.calendlyUrl}
        open
        onModalClose={onClose}
        rootElement={document.getElementById('root') ?? document.body}
        prefill={prefill}
      />
    </Suspense>
  );
}
