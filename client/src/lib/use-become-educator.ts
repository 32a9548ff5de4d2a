import { useCallback, useState } from 'react';
import type { ErrorResponse } from '@aprendiz/contract/common';
import type { MessageResponse } from '@aprendiz/contract/learning';
import { notify } from '../components/toast';
import { useAppContext } from '../context/app-context';
import { errorMessage } from './error-message';
import { loadApi } from './load-api';

/** Spec §4 'Becoming an educator': the server updates the role, then the flag is set and its message shown. */
export function useBecomeEducator(): { becomeEducator: () => Promise<void>; pending: boolean } {
  const { setIsEducator, fetchUserData } = useAppContext();
  const [pending, setPending] = useState(false);

  const becomeEducator = useCallback(async () => {
    setPending(true);
    try {
      const api = await loadApi();
      const { data } = await api.get<MessageResponse | ErrorResponse>('/api/educator/update-role');
      if (data.success) {
        setIsEducator(true);
        notify.success(data.message);
        // userData.role is still 'student' until it is read again.
        void fetchUserData();
      } else {
        notify.error(data.message);
      }
    } catch (err) {
      notify.error(errorMessage(err));
    } finally {
      setPending(false);
    }
  }, [setIsEducator, fetchUserData]);

  return { becomeEducator, pending };
}
