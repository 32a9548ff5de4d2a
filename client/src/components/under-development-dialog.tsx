import { Dialog } from './dialog';
import { Button } from './ui/button';

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
        <Button onClick={onClose}>Fechar</Button>
      </div>
    </Dialog>
  );
}
