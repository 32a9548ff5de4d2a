import type { AppNotification, NotificationsResponse } from '@aprendiz/contract/notifications';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useResource } from '../../data/resource';
import { api } from '../../lib/api-client';
import { send } from '../../lib/send';
import { focusRing } from '../../components/ui/focus-ring';

/** Every minute while the page is open: new answers show up without a reload. */
const REFRESH_MS = 60_000;

function describe(notification: AppNotification): string {
  const title = `“${notification.questionTitle}”`;
  switch (notification.kind) {
    case 'answer':
      return `${notification.actorName} respondeu à sua pergunta ${title}`;
    case 'accepted':
      return `${notification.actorName} aceitou a sua resposta em ${title}`;
    case 'question':
      return `${notification.actorName} perguntou em ${notification.courseTitle}: ${title}`;
    case 'hidden':
      return `O educador ocultou uma publicação sua em ${title}${notification.note ? `: ${notification.note}` : ''}`;
    case 'payout_paid':
      return `Saque pago: ${notification.note ?? ''}`;
    case 'payout_failed':
      return `Seu saque não foi concluído: ${notification.note ?? ''}`;
    case 'course_approved':
      return `Seu curso “${notification.courseTitle}” foi aprovado e está no catálogo`;
    case 'course_changes_requested':
      return `Seu curso “${notification.courseTitle}” precisa de alterações${notification.note ? `: ${notification.note}` : ''}`;
    case 'course_taken_down':
      return `Seu curso “${notification.courseTitle}” foi retirado pela plataforma${notification.note ? `: ${notification.note}` : ''}`;
    case 'application_approved':
      return 'Sua candidatura a educador foi aprovada: a área do educador está aberta';
    case 'application_declined':
      return `Sua candidatura a educador não foi aprovada${notification.note ? `: ${notification.note}` : ''}`;
  }
}

/** Where a notice leads: the question in the player, or for an educator, the inbox or their courses. */
function target(notification: AppNotification): string {
  if (notification.kind === 'question') return paths.educatorQuestions;
  if (notification.kind.startsWith('course_')) return paths.educatorMyCourses;
  if (notification.kind === 'payout_paid' || notification.kind === 'payout_failed')
    return paths.educatorPayouts;
  if (notification.kind === 'application_approved' || notification.kind === 'application_declined')
    return paths.educator;
  const params = new URLSearchParams({
    lecture: notification.lectureId,
    question: notification.questionId,
  });
  if (notification.answerId) params.set('answer', notification.answerId);
  return `${paths.player(notification.courseId)}?${params.toString()}`;
}

/** The bell of a signed-in person: unread count, and the latest notices; opening it reads them. */
export default function NotificationBell() {
  // The bell is a convenience: a failed read leaves it as it was (the last value), the next retries.
  const { value: state, reload } = useResource<NotificationsResponse>('/api/notifications');
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const listId = useId();

  useEffect(() => {
    const timer = setInterval(reload, REFRESH_MS);
    return () => clearInterval(timer);
  }, [reload]);

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: MouseEvent) {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    }
    function onKey(event: KeyboardEvent) {
      if (event.key === 'Escape') setOpen(false);
    }
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const unread = state?.unread ?? 0;

  function toggle() {
    const opening = !open;
    setOpen(opening);
    if (opening && state && unread > 0) {
      const ids = state.notifications.filter((n) => !n.read).map((n) => n._id);
      void send(api.post<{ unread: number }>('/api/notifications/read', { ids })).then((done) => {
        if (done) reload();
      });
    }
  }

  return (
    <div ref={rootRef} className="relative">
      <button
        type="button"
        onClick={toggle}
        aria-expanded={open}
        aria-controls={listId}
        aria-label={
          unread === 0
            ? 'Notificações'
            : `Notificações (${unread} ${unread === 1 ? 'não lida' : 'não lidas'})`
        }
        className={`relative flex h-10 w-10 items-center justify-center rounded-full text-slate-700 hover:bg-white/70 ${focusRing}`}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-6 w-6 fill-none stroke-current stroke-2"
        >
          <path d="M6 16V11a6 6 0 1 1 12 0v5l2 2H4l2-2ZM10 20a2 2 0 0 0 4 0" />
        </svg>
        {unread > 0 && (
          <span
            data-testid="notification-count"
            className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-bold leading-5 text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <div
          id={listId}
          className="absolute right-0 z-30 mt-2 w-80 max-w-[calc(100vw-2rem)] rounded-lg border border-slate-200 bg-white p-2 shadow-lg"
        >
          <p className="px-2 py-1 font-semibold text-slate-900">Notificações</p>
          {!state || state.notifications.length === 0 ? (
            <p className="px-2 py-3 text-sm text-slate-600">Nenhuma notificação ainda.</p>
          ) : (
            <ul className="max-h-96 overflow-y-auto">
              {state.notifications.map((notification) => (
                <li key={notification._id}>
                  <Link
                    to={target(notification)}
                    onClick={() => setOpen(false)}
                    className={`block rounded-md px-2 py-2 text-sm hover:bg-slate-100 ${focusRing} ${notification.read ? 'text-slate-700' : 'font-medium text-slate-900'}`}
                  >
                    {describe(notification)}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
