import type { MessageResponse } from '@aprendiz/contract/learning';
import type { PurchaseBody, PurchaseResponse } from '@aprendiz/contract/payments';
import { isPushMethod } from '@aprendiz/contract/rules/payment-methods';
import { isFreeCourse } from '@aprendiz/contract/rules/pricing';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAuthActions, useAuthUser } from '../../auth/auth-context';
import { notify, SIGN_IN_PROMPT } from '../../components/toast';
import { paths } from '../../config/paths';
import { useAppContext } from '../../context/app-context';
import { loadApi } from '../../lib/load-api';
import { send } from '../../lib/send';
import { openedFromCourse } from './opened-from-course';
import { lacksPhone, type PaymentChoiceValue } from './payment-choice';
import { withPurchaseIntent } from './purchase-intent';

/** After a free enrollment the learner is taken to their courses 1.5 s later. */
export const FREE_ENROLL_REDIRECT_MS = 1500;

type EnrollableCourse = { _id: string; coursePrice: number; discount: number };

export type EnrollAction = {
  /** Enrolls in a free course or starts the payment of a paid one. */
  enroll: () => Promise<void>;
  /** True while a request is in flight (and while leaving the page after a success). */
  pending: boolean;
  /** The signed-in user's enrolledCourses holds this course. */
  isEnrolled: boolean;
};

export type PurchaseOptions = {
  /** The payment method picked on the page (only where the deployment offers several). */
  choice?: PaymentChoiceValue;
  /** Called instead of buying when a push was chosen without its phone number. */
  onPhoneMissing?: () => void;
  /** A coupon the server accepted for this course: sent with the purchase, which it prices again. */
  coupon?: string | null;
  /** Euro deployments: the buyer ticked the EU waiver box. */
  euWaiver?: boolean;
};

/** The course page's buy / enroll button, without the button. */
export function useEnrollAction(
  course: EnrollableCourse | null,
  { choice, onPhoneMissing, coupon = null, euWaiver = false }: PurchaseOptions = {},
): EnrollAction {
  const { user } = useAuthUser();
  const { openSignIn } = useAuthActions();
  const { userData, refreshSignedIn } = useAppContext();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const [pending, setPending] = useState(false);
  // State updates land after the next render; a second click in the same frame must see the first.
  const inFlight = useRef(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (redirectTimer.current) clearTimeout(redirectTimer.current);
    },
    [],
  );

  const isEnrolled = Boolean(user && course && userData?.enrolledCourses.includes(course._id));

  /** Enrolled without paying: said, the enrollments read again, and My Courses shortly after. */
  const enrolled = useCallback(() => {
    notify.success('Inscrição realizada com sucesso!');
    // One read of the root loader: the enrollments and the user data (which lists the course).
    void refreshSignedIn();
    redirectTimer.current = setTimeout(
      () => navigate(paths.myEnrollments),
      FREE_ENROLL_REDIRECT_MS,
    );
  }, [refreshSignedIn, navigate]);

  const enrollFree = useCallback(
    async (courseId: string): Promise<boolean> => {
      const data = await send(
        loadApi().then((api) =>
          api.post<MessageResponse>('/api/user/enroll-free-course', { courseId }),
        ),
        { failure: (message) => `Erro ao inscrever-se: ${message}` },
      );
      if (!data) return false;
      enrolled();
      return true;
    },
    [enrolled],
  );

  const openCheckout = useCallback(
    (sessionUrl: string, courseId: string) => {
      const target = new URL(sessionUrl, window.location.href);
      // The browser is replaced by the payment page. Replacing this page's own entry would make
      // Back skip the course (to the list before it), so the entry is kept: our sandbox checkout opens
      // above it inside the app, and a provider's page replaces a copy of it pushed just before.
      if (target.origin === window.location.origin) {
        navigate(`${target.pathname}${target.search}${target.hash}`, {
          state: openedFromCourse(courseId),
        });
        return;
      }
      window.history.pushState(window.history.state, '', window.location.href);
      window.location.replace(target.href);
    },
    [navigate],
  );

  const method = choice?.method;
  // Only a push goes to a phone: a number typed before switching to another method is not sent.
  const phone = method && isPushMethod(method) ? choice?.phone.trim() : undefined;
  const purchase = useCallback(
    async (courseId: string): Promise<boolean> => {
      const body: PurchaseBody = {
        courseId,
        ...(method ? { method, phone } : {}),
        ...(coupon ? { coupon } : {}),
        ...(euWaiver ? { euWaiver } : {}),
      };
      const data = await send(
        loadApi().then((api) => api.post<PurchaseResponse>('/api/user/purchase', body)),
      );
      if (!data) return false;
      if (data.enrolled) {
        // The coupon made it free: enrolled already, as a free course would be.
        enrolled();
        return true;
      }
      openCheckout(data.session_url, courseId);
      return true;
    },
    [openCheckout, method, phone, coupon, euWaiver, enrolled],
  );

  const enroll = useCallback(async () => {
    if (!course || inFlight.current) return;
    if (!user) {
      notify.warning('Faça login para se inscrever!', { key: SIGN_IN_PROMPT });
      // Signed in, the visitor is back here and the page goes on with it (use-continue-purchase).
      openSignIn(withPurchaseIntent(pathname, search, hash));
      return;
    }
    if (isEnrolled) {
      notify.warning('Já adquirido');
      return;
    }
    const free = isFreeCourse(course.coursePrice, course.discount);
    if (!free && choice && lacksPhone(choice)) {
      onPhoneMissing?.();
      return;
    }
    inFlight.current = true;
    setPending(true);
    const succeeded = free ? await enrollFree(course._id) : await purchase(course._id);
    if (!succeeded) {
      inFlight.current = false;
      setPending(false);
    }
  }, [
    course,
    user,
    isEnrolled,
    choice,
    onPhoneMissing,
    openSignIn,
    pathname,
    search,
    hash,
    enrollFree,
    purchase,
  ]);

  return { enroll, pending, isEnrolled };
}
