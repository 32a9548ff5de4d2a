import { Dialog } from './dialog';
import { focusRing } from './ui/focus-ring';

type UnderDevelopmentDialogProps = {
  open: boolean;
  onClose: () => void;
};

/** Job applications and mock interviews are not built yet; this says so. */
export function UnderDevelopmentDialog({ open, onClose }: UnderDevelopmentDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Em desenvolvimento">
      <p className="text-slate-700">
        Esta funcionalidade ainda está em construção. Estamos trabalhando nela e em breve ela estará
        disponível.
      </p>
      <div className="mt-6 flex justify-end">
        <button
          type="button"
          onClick={onClose}
          className={`rounded-md bg-blue-600 px-5 py-2 font-medium text-white hover:bg-blue-700 ${focusRing}`}
        >
          Fechar
        </button>
      </div>
    </Dialog>
  );
}
