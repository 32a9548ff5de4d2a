import {
  createElement,
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useState,
  type ReactNode,
} from 'react';
import { useNavigate } from 'react-router-dom';
import type { MessageResponse } from '@aprendiz/contract/learning';
import { notify } from '../components/toast';
import { paths } from '../config/paths';
import { useAppContext } from '../context/app-context';
import { loadApi } from './load-api';
import { send } from './send';

// Every page's top bar holds the way in, and few people ever take it: the question's code comes when
// it is asked, not on every page's critical path (scripts/bundle-size.mjs).
const ConfirmDialog = lazy(() =>
  import('../components/confirm-dialog').then((module) => ({ default: module.ConfirmDialog })),
);

export const BECOME_EDUCATOR_QUESTION =
  'Sua conta passa a ser de educador, de vez: você ganha a área de educador para publicar cursos e ver inscrições e ganhos. Continuar?';

/**
 * The server updates the role, then the flag is set, its message shown and the new educator taken
 * to the area they just asked for. The change is for good, so `becomeEducator` first asks: the
 * caller renders `confirmation`. Where the platform takes applications, it leads to the form instead.
 */
export function useBecomeEducator(): {
  becomeEducator: () => void;
  pending: boolean;
  confirmation: ReactNode;
} {
  const { setIsEducator, refreshSignedIn, userData } = useAppContext();
  const navigate = useNavigate();
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
        navigate(paths.educator);
        // userData.role is still 'student' until it is read again.
        void refreshSignedIn();
      }
    } finally {
      setPending(false);
    }
  }, [setIsEducator, refreshSignedIn, navigate]);

  // With EDUCATOR_APPLICATIONS=on the way in is the application at the educator area's door. Which
  // way it is comes with the account: a press before that is read (a page still hydrating, a
  // sign-up a moment ago) is kept and answered once it is.
  const known = userData !== null;
  const applies = userData?.educatorApplications === true;
  const [pressedEarly, setPressedEarly] = useState(false);
  const becomeEducator = useCallback(() => {
    if (!known) setPressedEarly(true);
    else if (applies) navigate(paths.educator);
    else setAsking(true);
  }, [applies, known, navigate]);
  useEffect(() => {
    if (!pressedEarly || !known) return;
    setPressedEarly(false);
    becomeEducator();
  }, [pressedEarly, known, becomeEducator]);
  const confirmation =
    asking &&
    createElement(
      Suspense,
      { fallback: null },
      createElement(ConfirmDialog, {
        open: true,
        title: 'Tornar-se educador',
        message: BECOME_EDUCATOR_QUESTION,
        confirmLabel: 'Sim, tornar-me educador',
        onConfirm: () => void updateRole(),
        onCancel: () => setAsking(false),
      }),
    );

  return { becomeEducator, pending: pending || pressedEarly, confirmation };
}
