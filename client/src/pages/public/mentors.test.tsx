import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mentors } from '../../content/mentors';
import { renderWithProviders, testUser } from '../../test/render';
import MentorsPage, { filterMentors } from './mentors';

vi.mock('react-calendly', () => ({
  InlineWidget: () => <div data-testid="calendly" />,
}));

function mentorNames(): string[] {
  return screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent ?? '');
}

describe('filterMentors', () => {
  it('when given a name or a subject in any case, then matching mentors are kept', () => {
    expect(filterMentors(mentors, 'MARIANA').map((mentor) => mentor.name)).toEqual([
      'Mariana Costa',
    ]);
    expect(filterMentors(mentors, 'kotlin').map((mentor) => mentor.name)).toEqual([
      'Ana Beatriz Silva',
    ]);
    expect(filterMentors(mentors, ' ')).toHaveLength(mentors.length);
  });

  it('when the term lacks the accents of a name or a subject, then those mentors are kept', () => {
    expect(filterMentors(mentors, 'joao').map((mentor) => mentor.name)).toEqual(['João Mendes']);
    expect(filterMentors(mentors, 'MICROSSERVICOS').map((mentor) => mentor.name)).toEqual([
      'Pedro Almeida',
    ]);
  });
});

describe('MentorsPage', () => {
  it('when opened, then the one h1 heads the four mentor cards and the search box', () => {
    renderWithProviders(<MentorsPage />);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('searchbox', { name: /Buscar mentores/ })).toHaveAttribute(
      'placeholder',
      'Buscar por nome ou assunto...',
    );
    expect(mentorNames()).toHaveLength(4);
    expect(screen.getAllByText('Kz 10.000/hora')).toHaveLength(4);
  });

  it('when a name or subject is typed, then only matching mentors remain', async () => {
    const user = userEvent.setup();
    renderWithProviders(<MentorsPage />);
    const search = screen.getByRole('searchbox');
    expect(screen.getByRole('status')).toHaveTextContent('4 mentores encontrados');
    await user.type(search, 'joão');
    expect(mentorNames()).toEqual(['João Mendes']);
    expect(screen.getByRole('status')).toHaveTextContent('1 mentor encontrado');
    await user.clear(search);
    await user.type(search, 'SQL');
    expect(mentorNames()).toEqual(['João Mendes']);
    await user.clear(search);
    await user.type(search, 'java');
    expect(mentorNames()).toEqual(['Mariana Costa', 'Pedro Almeida']);
  });

  it('when nothing matches, then a message says so', async () => {
    const user = userEvent.setup();
    renderWithProviders(<MentorsPage />);
    await user.type(screen.getByRole('searchbox'), 'astronomia');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Nenhum mentor encontrado para essa busca.',
    );
    expect(screen.queryAllByRole('heading', { level: 3 })).toHaveLength(0);
  });

  it('when a visitor presses Reservar, then sign-in opens; when signed in, the scheduling widget opens', async () => {
    const user = userEvent.setup();
    const { auth, unmount } = renderWithProviders(<MentorsPage />);
    await user.click(screen.getAllByRole('button', { name: /Reservar/ })[0]);
    expect(auth.openSignIn).toHaveBeenCalledTimes(1);
    unmount();

    renderWithProviders(<MentorsPage />, { auth: { user: testUser } });
    await user.click(screen.getAllByRole('button', { name: /Reservar/ })[1]);
    const dialog = screen.getByRole('dialog', { name: /^Agendar sessão com / });
    expect(await within(dialog).findByTestId('calendly')).toBeInTheDocument();
  });
});
