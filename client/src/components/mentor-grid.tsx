import { useState } from 'react';
import { useAuthActions, useAuthUser } from '../auth/auth-context';
import type { Mentor } from '../data/mentors';
import { CalendlyPopup } from './calendly-popup';
import { MentorCard } from './mentor-card';

/** Mentor cards whose 'Reservar' opens the scheduling widget, or sign-in for a visitor (spec §4). */
export function MentorGrid({ mentors }: { mentors: readonly Mentor[] }) {
  const { user } = useAuthUser();
  const { openSignIn } = useAuthActions();
  const [bookingOpen, setBookingOpen] = useState(false);

  function book() {
    if (user) setBookingOpen(true);
    else openSignIn();
  }

  return (
    <>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {mentors.map((mentor) => (
          <li key={mentor.id}>
            <MentorCard mentor={mentor} onBook={book} />
          </li>
        ))}
      </ul>
      <CalendlyPopup
        open={bookingOpen}
        onClose={() => setBookingOpen(false)}
        prefill={user ? { name: user.name, email: user.email } : undefined}
      />
    </>
  );
}
