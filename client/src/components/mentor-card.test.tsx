import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Mentor } from '../content/mentors';
import { StorefrontContext } from '../config/storefront';
import { formatMentorPrice, MentorCard } from './mentor-card';

const longDescription = 'a'.repeat(150) + ' bcdefghij' + ' resto que some';

const mentor: Mentor = {
  id: 'm1',
  name: 'Mariana Costa',
  image: '/images/mentors/mariana-costa.svg',
  description: longDescription,
  subjects: Array.from({ length: 12 }, (_, index) => `Assunto ${index + 1}`),
  rating: 4.86,
  reviews: 128,
  price: { aoa: 10_000, brl: 60, eur: 10, usd: 10 },
};

describe('MentorCard', () => {
  it('when shown, then it has the photo, name, description cut at 160 + "...", ten subjects, rating with one decimal, reviews and hourly price', () => {
    render(<MentorCard mentor={mentor} onBook={() => {}} />);
    expect(screen.getByRole('img', { name: 'Foto de Mariana Costa' })).toHaveAttribute(
      'src',
      mentor.image,
    );
    expect(screen.getByRole('heading', { name: 'Mariana Costa' })).toBeInTheDocument();
    expect(screen.getByText(`${longDescription.slice(0, 160)}...`)).toBeInTheDocument();
    const subjects = within(screen.getByRole('list', { name: 'Assuntos' })).getAllByRole(
      'listitem',
    );
    expect(subjects).toHaveLength(10);
    expect(subjects[9]).toHaveTextContent('Assunto 10');
    expect(screen.queryByText('Assunto 11')).not.toBeInTheDocument();
    expect(screen.getByText('4.9')).toBeInTheDocument();
    expect(screen.getByText('128 avaliações')).toBeInTheDocument();
    // The default deployment charges in kwanzas: the card says the kwanza rate.
    expect(screen.getByText('Kz 10.000/hora')).toBeInTheDocument();
  });

  it('when the description is short, then it is shown whole without an ellipsis', () => {
    render(
      <MentorCard mentor={{ ...mentor, description: 'Mentora de React.' }} onBook={() => {}} />,
    );
    expect(screen.getByText('Mentora de React.')).toBeInTheDocument();
  });

  it('when Reservar is pressed, then the card asks to book this mentor', async () => {
    const user = userEvent.setup();
    const onBook = vi.fn();
    render(<MentorCard mentor={mentor} onBook={onBook} />);
    await user.click(screen.getByRole('button', { name: /Reservar/ }));
    expect(onBook).toHaveBeenCalledWith(mentor);
  });
});

describe('formatMentorPrice', () => {
  it("when given a market, then it reads as that market's own rate per hour, written its way", () => {
    expect(formatMentorPrice(mentor.price, 'aoa')).toBe('Kz 10.000/hora');
    expect(formatMentorPrice(mentor.price, 'brl')).toBe('R$ 60/hora');
    expect(formatMentorPrice(mentor.price, 'eur')).toBe('10 €/hora');
  });

  it('when the deployment charges in euros, then the card says the euro rate', () => {
    render(
      <StorefrontContext value={{ currency: 'eur', methods: ['card'] }}>
        <MentorCard mentor={mentor} onBook={() => {}} />
      </StorefrontContext>,
    );
    expect(screen.getByText('10 €/hora')).toBeInTheDocument();
  });
});
