import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { courseSummary } from '../../test/course-fixtures';
import { renderWithProviders, testUser } from '../../test/render';
import HomePage from './home';

vi.mock('react-calendly', () => ({
  PopupModal: (props: { open: boolean }) =>
    props.open ? <div role="dialog" aria-label="Agenda" /> : null,
}));

const courses = Array.from({ length: 30 }, (_, index) =>
  courseSummary({
    _id: `course-${index + 1}`,
    courseTitle: `Curso número ${index + 1}`,
  }),
);

function teaser() {
  return screen.getByRole('region', { name: 'Aprenda com os melhores' });
}

describe('HomePage', () => {
  it('when opened, then the hero has the one h1, both subtitles for their screen sizes, the sketch only from md and the search box', () => {
    renderWithProviders(<HomePage />, { app: { allCourses: courses } });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const long = screen.getByText(/cursos práticos, mentorias/);
    const short = screen.getByText(
      'Aprenda as habilidades mais procuradas e junte-se à maior comunidade de tecnologia do país.',
    );
    expect(long).toHaveClass('hidden', 'md:block');
    expect(short).toHaveClass('md:hidden');
    expect(long).toHaveTextContent('maior comunidade de tecnologia do país');
    const sketch = document.querySelector('img[src="/images/hero-sketch.svg"]');
    expect(sketch).toHaveClass('hidden', 'md:block');
    expect(screen.getByRole('searchbox')).toHaveAttribute('placeholder', 'Vamos aprender ...');
    expect(document.title).toMatch(/^Cursos online de tecnologia/);
  });

  it('when courses are loaded, then the first 24 show as cards and Ver mais cursos links to the list', () => {
    renderWithProviders(<HomePage />, { app: { allCourses: courses } });
    const cards = within(teaser()).getAllByRole('link', { name: /Curso número/ });
    expect(cards).toHaveLength(24);
    expect(cards[0]).toHaveAttribute('href', '/course/course-1');
    expect(within(teaser()).queryByText('Curso número 25')).not.toBeInTheDocument();
    expect(within(teaser()).getByRole('link', { name: 'Ver mais cursos' })).toHaveAttribute(
      'href',
      '/course-list',
    );
  });

  it('when courses are loading, then skeletons stand in for the cards', () => {
    renderWithProviders(<HomePage />, { app: { coursesStatus: 'loading' } });
    expect(
      within(teaser()).getByRole('status', { name: 'Carregando cursos…' }),
    ).toBeInTheDocument();
    expect(within(teaser()).getAllByTestId('course-skeleton').length).toBeGreaterThan(0);
  });

  it('when courses failed to load, then a friendly message offers to try again', async () => {
    const user = userEvent.setup();
    const { app } = renderWithProviders(<HomePage />, { app: { coursesStatus: 'error' } });
    expect(
      within(teaser()).getByText('Não foi possível carregar os cursos agora.'),
    ).toBeInTheDocument();
    await user.click(within(teaser()).getByRole('button', { name: 'Tentar novamente' }));
    expect(app.fetchAllCourses).toHaveBeenCalledTimes(1);
  });

  it('when the catalogue is empty, then it says so instead of an empty grid', () => {
    renderWithProviders(<HomePage />, { app: { allCourses: [] } });
    expect(within(teaser()).getByText(/Ainda não há cursos publicados/)).toBeInTheDocument();
    expect(within(teaser()).queryByRole('list')).not.toBeInTheDocument();
  });

  it('when shown, then the mentor section lists the four mentors at 10 USD per hour', () => {
    renderWithProviders(<HomePage />);
    const section = screen.getByRole('region', { name: 'Mentorias individuais' });
    expect(within(section).getAllByRole('article')).toHaveLength(4);
    expect(within(section).getAllByText('US$ 10/hora')).toHaveLength(4);
  });

  it('when a visitor presses a mock-interview button, then sign-in opens', async () => {
    const user = userEvent.setup();
    const { auth } = renderWithProviders(<HomePage />);
    const section = screen.getByRole('region', { name: 'Entrevistas simuladas' });
    await user.click(within(section).getAllByRole('button')[0]);
    expect(auth.openSignIn).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: 'Em desenvolvimento' })).not.toBeInTheDocument();
  });

  it('when a signed-in user presses a mock-interview button, then the Em desenvolvimento dialog opens and Fechar closes it', async () => {
    const user = userEvent.setup();
    const { auth } = renderWithProviders(<HomePage />, { auth: { user: testUser } });
    const section = screen.getByRole('region', { name: 'Entrevistas simuladas' });
    expect(within(section).getByText('Mariana Costa')).toBeInTheDocument();
    await user.click(within(section).getAllByRole('button')[1]);
    expect(screen.getByRole('dialog', { name: 'Em desenvolvimento' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(auth.openSignIn).not.toHaveBeenCalled();
  });

  it('when a visitor reaches the call to action, then Começar opens sign-in and Saiba mais links to the privacy policy', async () => {
    const user = userEvent.setup();
    const { auth } = renderWithProviders(<HomePage />);
    const cta = screen.getByRole('region', { name: /Aprenda o que quiser/ });
    await user.click(within(cta).getByRole('button', { name: 'Começar' }));
    expect(auth.openSignIn).toHaveBeenCalledTimes(1);
    expect(within(cta).getByRole('link', { name: 'Saiba mais' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
  });

  it('when signed in, then the call to action offers the courses instead of sign-in', () => {
    renderWithProviders(<HomePage />, { auth: { user: testUser } });
    const cta = screen.getByRole('region', { name: /Aprenda o que quiser/ });
    expect(within(cta).queryByRole('button', { name: 'Começar' })).not.toBeInTheDocument();
    expect(within(cta).getByRole('link', { name: 'Explorar cursos' })).toHaveAttribute(
      'href',
      '/course-list',
    );
  });
});
