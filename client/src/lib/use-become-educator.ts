import { createElement, useCallback, useState, type ReactNode } from 'react';
import type { MessageResponse } from '@aprendiz/contract/learning';
import { ConfirmDialog } from '../components/confirm-dialog';
import { notify } from '../components/toast';
import { useAppContext } from '../context/app-context';
import { loadApi } from './load-api';
import { send } from './send';

export const BECOME_EDUCATOR_QUESTION =
  'A sua conta passa a ser de educador, de vez: ganha a área de educador para publicar cursos e ver inscrições e ganhos. Continuar?';

/**
 * The server updates the role, then the flag is set and its message
 * shown. The change is for good, so `becomeEducator` first asks: the caller renders `confirmation`.
 */
export function useBecomeEducator(): {
  becomeEducator: () => void;
  pending: boolean;
  confirmation: ReactNode;
} {
  const { setIsEducator, fetchUserData } = useAppContext();
  const [pending, setPending] = useState(false);
  const [asking, setAsking] = useState(false);

  const updateRole = useCallback(async () => {
    setAsking(false);
    setPending(true);
    try {
      const data = await send(
        loadApi().then((api) => api.get<MessageResponse>('/api/educator/update-role')),
      );
      if (data) {
        setIsEducator(true);
        notify.success(data.message);
        // userData.role is still 'student' until it is read again.
        void fetchUserData();
      }
    } finally {
      setPending(false);
    }
  }, [setIsEducator, fetchUserData]);

  const becomeEducator = useCallback(() => setAsking(true), []);
  const confirmation = createElement(ConfirmDialog, {
    open: asking,
    title: 'Tornar-se educador',
    message: BECOME_EDUCATOR_QUESTION,
    confirmLabel: 'Sim, tornar-me educador',
    onConfirm: () => void updateRole(),
    onCancel: () => setAsking(false),
  });

  return { becomeEducator, pending, confirmation };
}
