import { useEffect, type RefObject } from 'react';
import { useBlocker } from 'react-router-dom';
import { ConfirmDialog } from '../../components/confirm-dialog';

/**
 * Asks before leaving a course form with changes that were not saved: a link or Back inside the app
 * opens our dialog; a reload or a closed tab gets the browser's own question (the only one a page
 * may ask then). `saving` lets the form's own navigation after a save go through.
 */
export function UnsavedChangesGuard({
  dirty,
  saving,
}: {
  dirty: boolean;
  saving: RefObject<boolean>;
}) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !saving.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    function warn(event: BeforeUnloadEvent) {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    }
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title="Sair sem salvar?"
      message="As alterações deste curso ainda não foram salvas e serão perdidas se você sair agora."
      cancelLabel="Continuar editando"
      confirmLabel="Sair sem salvar"
      onCancel={() => blocker.reset?.()}
      onConfirm={() => blocker.proceed?.()}
    />
  );
}
