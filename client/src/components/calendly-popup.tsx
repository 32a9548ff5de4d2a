import { lazy, Suspense } from 'react';
import { env } from '../config/env';
import { Dialog } from './dialog';
import { Loader } from './loader';

// The scheduling widget is only needed once someone books a session: keep it out of the home chunk.
const InlineWidget = lazy(() =>
  import('react-calendly').then((module) => ({ default: module.InlineWidget })),
);

type CalendlyPopupProps = {
  open: boolean;
  onClose: () => void;
  /** Who the session is with, for the pop-up's title. */
  mentorName?: string;
  /** Fills the booking form for a signed-in user. */
  prefill?: { name?: string; email?: string };
};

function WidgetLoader() {
  // Behind the frame, which covers it once the scheduling page has drawn itself.
  return (
    <div className="absolute inset-0 -z-10 flex items-center justify-center">
      <Loader label="Carregando agenda…" fullHeight={false} />
    </div>
  );
}

/**
 * The external scheduling widget in our own dialog rather than the widget's pop-up, whose
 * close control is tiny and which neither Esc nor Back closed. Esc works while focus is on the dialog;
 * inside the widget's frame the keys belong to the other site.
 */
export function CalendlyPopup({ open, onClose, mentorName, prefill }: CalendlyPopupProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={mentorName ? `Agendar sessão com ${mentorName}` : 'Agendar sessão'}
      closeLabel="Fechar"
      closeOnBack
      size="wide"
    >
      {/* Edge to edge below the title: on a phone the widget needs every pixel of width. */}
      <div className="-mx-6 -mb-6 border-t border-slate-200">
        <Suspense fallback={<Loader label="Carregando agenda…" fullHeight={false} />}>
          <InlineWidget
            url={env.calendlyUrl}
            prefill={prefill}
            iframeTitle="Agenda de mentorias"
            className="relative isolate h-[min(630px,70svh)] w-full"
            LoadingSpinner={WidgetLoader}
          />
        </Suspense>
      </div>
    </Dialog>
  );
}
