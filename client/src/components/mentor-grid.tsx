import { useState } from 'react';
import { useAuthActions, useAuthUser } from '../auth/auth-context';
import type { Mentor } from '../content/mentors';
import { CalendlyPopup } from './calendly-popup';
import { MentorCard } from './mentor-card';

/** Mentor cards whose 'Reservar' opens the scheduling widget, or sign-in for a visitor. */
export function MentorGrid({ mentors }: { mentors: readonly Mentor[] }) {
  const { user } = useAuthUser();
  const { openSignIn } = useAuthActions();
  const [booking, setBooking] = useState<Mentor | null>(null);

  function book(mentor: Mentor) {
    if (user) setBooking(mentor);
    else openSignIn();
  }

  return (
    <>
      {/* Each card spans four rows of the grid (header, description, subjects, price) and shares
          them with the cards beside it, so every part starts at the same height along a row. */}
      <ul className="grid gap-x-6 gap-y-6 sm:grid-cols-2 lg:grid-cols-4">
        {mentors.map((mentor) => (
          <li key={mentor.id} className="row-span-4 grid grid-rows-subgrid gap-y-0">
            <MentorCard mentor={mentor} onBook={book} />
          </li>
        ))}
      </ul>
      <CalendlyPopup
        open={booking !== null}
        onClose={() => setBooking(null)}
        mentorName={booking?.name}
        prefill={user ? { name: user.name, email: user.email } : undefined}
      />
    </>
  );
}
