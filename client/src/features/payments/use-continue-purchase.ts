import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAuthUser } from '../../auth/auth-context';
import { useAppContext } from '../../context/app-context';
import { hasPurchaseIntent, withoutPurchaseIntent } from './purchase-intent';
import type { EnrollAction } from './use-enroll-action';

/**
 * Goes on with what a visitor asked for before signing in: back on the course with
 * `?continuar=comprar`, once signed in and their enrollments are read (so a course they already
 * own is not bought twice), the page replaces its address without the request and then enrolls or
 * opens the payment, as pressing the button would. The address is replaced first, and awaited: the
 * checkout opens above an entry that no longer asks, so neither Back nor a reload buys again.
 */
export function useContinuePurchase(course: { educator: { _id: string } }, action: EnrollAction) {
  const { user } = useAuthUser();
  const { enrolledStatus } = useAppContext();
  const location = useLocation();
  const navigate = useNavigate();
  const asked = hasPurchaseIntent(location.search);
  // A failed read of the enrollments is still an answer: the server refuses a second purchase.
  const known = user !== null && (enrolledStatus === 'ready' || enrolledStatus === 'error');
  const started = useRef(false);
  const { enroll, pending } = action;
  const ownCourse = user?.id === course.educator._id;

  useEffect(() => {
    if (!asked) {
      started.current = false;
      return;
    }
    if (!known || started.current) return;
    started.current = true;
    // The buyer pressed the button again before the page went on by itself: that purchase is on
    // its way, and replacing the address now could land after it and bring the course page back.
    if (pending) return;
    void (async () => {
      await navigate(
        {
          pathname: location.pathname,
          search: withoutPurchaseIntent(location.search),
          hash: location.hash,
        },
        { replace: true, preventScrollReset: true, state: location.state },
      );
      // An educator's own course is not for sale to them (the panel links to their courses instead).
      if (!ownCourse) await enroll();
    })();
  }, [asked, known, pending, ownCourse, enroll, navigate, location]);
}
