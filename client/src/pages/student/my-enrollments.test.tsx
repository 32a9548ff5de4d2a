import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RefundOffer } from '@aprendiz/contract/payments';
import { COURSE_REMOVED_FOR_RIGHTS_CLAIM } from '@aprendiz/contract/rules/course-status';
import { REFUND_REFUSAL_MESSAGES } from '@aprendiz/contract/rules/guarantee';
import { formatPrice } from '../../components/price';
import { stubApi } from '../../test/api-stub';
import { LOADED, renderWithProviders, testUser } from '../../test/render';
import { enrolledCourse, enrolledSummary } from '../../test/enrolled-course-fixture';
import MyEnrollmentsPage from './my-enrollments';

const signedIn = { user: testUser };
const originalMatchMedia = window.matchMedia;

afterEach(() => {
  window.matchMedia = originalMatchMedia;
});

/** Makes the md breakpoint match, as on a desktop screen. */
function onWideScreen() {
  window.matchMedia = (query: string) =>
    ({
      ...originalMatchMedia(query),
      matches: query === '(min-width: 768px)',
    }) as MediaQueryList;
}

const javascript = enrolledCourse();
const python = enrolledCourse({
  _id: '6f1c2a9e-1111-4c3b-9a7e-000000000002',
  courseTitle: 'Python do Zero',
  lectureCompleted: ['lec-1'],
});
const finished = enrolledCourse({
  _id: '6f1c2a9e-1111-4c3b-9a7e-000000000003',
  courseTitle: 'SQL na Prática',
  lectureCompleted: ['lec-1', 'lec-2', 'lec-3'],
});

/** A paid course's refund as the server describes it: offered, 20 in kwanzas, by card. */
function offer(overrides: Partial<RefundOffer> = {}): RefundOffer {
  return {
    purchaseId: '0b7a2f1e-0000-4000-8000-000000000001',
    eligible: true,
    reason: null,
    deadline: '2031-03-20T12:00:00.000Z',
    days: 14,
    amount: 20,
    currency: 'aoa',
    provider: 'stripe',
    method: 'card',
    needsDestination: false,
    ...overrides,
  };
}

function card(title: string): HTMLElement {
  return screen.getByRole('article', { name: title });
}

describe('MyEnrollmentsPage', () => {
  it('when signed out, then the sign-in dialog opens and the page says why', async () => {
    const { auth } = renderWithProviders(<MyEnrollmentsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Meus Cursos' })).toBeInTheDocument();
    expect(screen.getByText('Entre na sua conta para ver os seus cursos.')).toBeInTheDocument();
    expect(auth.openSignIn).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(auth.openSignIn).toHaveBeenCalledTimes(2);
  });

  it('when the enrollments are loading, then a skeleton shows under the title', () => {
    renderWithProviders(<MyEnrollmentsPage />, {
      auth: signedIn,
      app: { enrolledStatus: 'loading' },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Meus Cursos' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Carregando os seus cursos…' })).toBeInTheDocument();
    expect(screen.getAllByTestId('enrollment-skeleton')).toHaveLength(3);
    expect(document.title).toMatch(/^Meus Cursos/);
  });

  it('when the enrollments fail to load, then a message and a retry show', async () => {
    const { app } = renderWithProviders(<MyEnrollmentsPage />, {
      auth: signedIn,
      app: { enrolledStatus: 'error' },
    });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Não foi possível carregar os seus cursos.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(app.refreshSignedIn).toHaveBeenCalledTimes(1);
  });

  it('when enrolled in nothing, then the empty message links to the course list', () => {
    renderWithProviders(<MyEnrollmentsPage />, { auth: signedIn, app: { enrolledCourses: [] } });
    expect(
      screen.getByText('Parece que você não está matriculado em nenhum curso'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Descobrir Cursos' })).toHaveAttribute(
      'href',
      '/course-list',
    );
  });

  it('when enrolled, then each course is a card in the order received with duration and progress', () => {
    renderWithProviders(<MyEnrollmentsPage />, {
      auth: signedIn,
      app: { enrolledCourses: [python, javascript, finished].map(enrolledSummary) },
    });
    expect(
      screen.getAllByRole('article').map((item) => item.getAttribute('aria-labelledby')),
    ).toEqual([python._id, javascript._id, finished._id].map((id) => `curso-${id}`));
    const started = card('JavaScript do Zero');
    expect(within(started).getByText('1 hora, 45 minutos')).toBeInTheDocument();
    expect(started.querySelector('img')).toHaveAttribute('src', javascript.courseThumbnail);
    expect(
      within(started).getByRole('progressbar', { name: 'Progresso em JavaScript do Zero' }),
    ).toHaveAttribute('aria-valuenow', '0');
    expect(within(started).getByText('0%')).toBeInTheDocument();
    expect(within(started).getByText('0 de 3 aulas')).toBeInTheDocument();
  });

  it('when partly done, then the percent is floored and the button is Continuar to the player', () => {
    renderWithProviders(<MyEnrollmentsPage />, {
      auth: signedIn,
      app: { enrolledCourses: [python].map(enrolledSummary) },
    });
    const partial = card('Python do Zero');
    expect(within(partial).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '33');
    expect(within(partial).getByText('33%')).toBeInTheDocument();
    expect(within(partial).getByText('1 de 3 aulas')).toBeInTheDocument();
    expect(within(partial).getByRole('link', { name: /^Continuar/ })).toHaveAttribute(
      'href',
      `/player/${python._id}`,
    );
  });

  it('when every lecture is done, then 100% shows and the button reads Concluído', () => {
    renderWithProviders(<MyEnrollmentsPage />, {
      auth: signedIn,
      app: { enrolledCourses: [finished].map(enrolledSummary) },
    });
    const done = card('SQL na Prática');
    expect(within(done).getByText('100%')).toBeInTheDocument();
    expect(within(done).getByText('3 de 3 aulas')).toBeInTheDocument();
    expect(within(done).getByRole('link', { name: /^Concluído/ })).toHaveAttribute(
      'href',
      `/player/${finished._id}`,
    );
    expect(within(done).queryByRole('link', { name: /^Continuar/ })).not.toBeInTheDocument();
  });

  it('when a finished course was removed for a rights claim, then it is listed as removed, with neither the player nor the certificate', () => {
    renderWithProviders(<MyEnrollmentsPage />, {
      auth: signedIn,
      app: {
        enrolledCourses: [
          { ...enrolledSummary(finished), removedForRightsClaim: true },
          enrolledSummary(python),
        ],
      },
    });
    const removed = card('SQL na Prática');
    expect(within(removed).getByText('Removido')).toBeInTheDocument();
    expect(within(removed).getByText(COURSE_REMOVED_FOR_RIGHTS_CLAIM)).toBeInTheDocument();
    expect(within(removed).queryByRole('link')).not.toBeInTheDocument();
    expect(within(removed).queryByRole('button')).not.toBeInTheDocument();
    expect(
      within(card('Python do Zero')).getByRole('link', { name: /^Continuar/ }),
    ).toBeInTheDocument();
  });

  it('when every lecture is done but a required chapter quiz is not passed, then the course is not complete until it is', async () => {
    const withQuiz = (quizzesPassed: string[]) => ({
      ...finished,
      quizzesPassed,
      courseContent: finished.courseContent.map((chapter, index) =>
        index === 0
          ? {
              ...chapter,
              quiz: {
                quizId: 'quiz-1',
                title: 'Revisão',
                passPercent: 70,
                maxAttempts: null,
                required: true,
                questionCount: 2,
              },
            }
          : chapter,
      ),
    });
    const { unmount } = renderWithProviders(<MyEnrollmentsPage />, {
      auth: signedIn,
      app: { enrolledCourses: [withQuiz([])].map(enrolledSummary) },
    });
    let row = card('SQL na Prática');
    expect(within(row).getByText('75%')).toBeInTheDocument();
    expect(within(row).getByText('3 de 3 aulas · 0 de 1 questionário')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: /^Continuar/ })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /^Certificado/ })).not.toBeInTheDocument();
    unmount();

    renderWithProviders(<MyEnrollmentsPage />, {
      auth: signedIn,
      app: { enrolledCourses: [withQuiz(['quiz-1'])].map(enrolledSummary) },
    });
    row = card('SQL na Prática');
    expect(within(row).getByText('100%')).toBeInTheDocument();
    expect(within(row).getByText('3 de 3 aulas · 1 de 1 questionário')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: /^Concluído/ })).toBeInTheDocument();
    expect(await within(row).findByRole('button', { name: /^Certificado/ })).toBeInTheDocument();
  });

  it('when a course is complete, then Certificado opens its certificate page; unfinished courses have none', async () => {
    const { calls } = stubApi(() => ({
      data: { success: true, certificateId: 'AbCdEfGhIjKlMnOpQrStUv' },
    }));
    const { location } = renderWithProviders(<MyEnrollmentsPage />, {
      auth: signedIn,
      app: { enrolledCourses: [python, finished].map(enrolledSummary) },
    });
    expect(
      within(card('Python do Zero')).queryByRole('button', { name: /^Certificado/ }),
    ).not.toBeInTheDocument();
    await userEvent.click(
      await within(card('SQL na Prática')).findByRole('button', {
        name: 'Certificado: SQL na Prática',
      }),
    );
    await vi.waitFor(() => expect(location()).toBe('/certificate/AbCdEfGhIjKlMnOpQrStUv'));
    expect(calls.map(({ method, url }) => [method, url])).toEqual([
      ['POST', `/api/user/certificate/${finished._id}`],
    ]);
  });

  it('when a paid course is inside its guarantee, then Pedir reembolso says how much comes back and where, sends the reason and the list is read again; other courses have no button', async () => {
    const refundable = enrolledCourse({
      _id: '6f1c2a9e-1111-4c3b-9a7e-000000000004',
      courseTitle: 'Go Essencial',
      refund: offer(),
    });
    const { calls } = stubApi(() => ({ data: { success: true, purchase: {} } }));
    const { app } = renderWithProviders(<MyEnrollmentsPage />, {
      auth: signedIn,
      app: { enrolledCourses: [python, refundable].map(enrolledSummary) },
    });
    // The refund action's code arrives on its first use.
    const refund = await within(card('Go Essencial')).findByRole(
      'button',
      { name: 'Pedir reembolso: Go Essencial' },
      LOADED,
    );
    expect(
      within(card('Python do Zero')).queryByRole('button', { name: /Pedir reembolso/ }),
    ).not.toBeInTheDocument();
    // The same window the course page named, beside the button.
    expect(within(card('Go Essencial')).getByText(/^Garantia de 14 dias, até/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(refund);
    const dialog = await screen.findByRole('dialog', { name: 'Pedir reembolso' });
    expect(within(dialog).getByText(formatPrice(20, 'Kz'))).toBeInTheDocument();
    expect(dialog).toHaveTextContent(
      `Você recebe de volta ${formatPrice(20, 'Kz')} no cartão usado na compra`,
    );
    expect(within(dialog).getByText(/está na garantia de 14 dias, até/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: /Pix|IBAN/ })).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Motivo (opcional)'), 'Não gostei');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar reembolso' }));

    await vi.waitFor(() => expect(app.refreshSignedIn).toHaveBeenCalled());
    expect(calls.map(({ method, url, body }) => [method, url, body])).toEqual([
      [
        'POST',
        '/api/payments/0b7a2f1e-0000-4000-8000-000000000001/refund',
        { reason: 'Não gostei' },
      ],
    ]);
    expect(await screen.findByText(/Reembolso pedido: Go Essencial/)).toBeInTheDocument();
    // The refund action's module is transformed on its first import here: seconds on a busy machine.
  }, 20_000);

  it('when a boleto course is refunded, then the Pix key is asked first and checked, and a refusal is toasted', async () => {
    const boleto = enrolledCourse({
      courseTitle: 'Boleto Curso',
      refund: offer({
        purchaseId: '0b7a2f1e-0000-4000-8000-000000000002',
        amount: 35,
        currency: 'brl',
        method: 'boleto',
        days: 7,
        needsDestination: true,
      }),
    });
    const { calls } = stubApi(() => ({
      status: 403,
      data: { success: false, message: 'Fale com o suporte pela página de contato.' },
    }));
    renderWithProviders(<MyEnrollmentsPage />, {
      auth: signedIn,
      app: { enrolledCourses: [boleto].map(enrolledSummary) },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Pedir reembolso/ }, LOADED));
    const dialog = await screen.findByRole('dialog', { name: 'Pedir reembolso' });
    expect(within(dialog).getByText(formatPrice(35, 'R$'))).toBeInTheDocument();
    expect(
      within(dialog).getByText(/na chave Pix que você informar abaixo, em até 10 dias úteis/),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar reembolso' }));
    expect(within(dialog).getByText('Informe sua chave Pix')).toBeInTheDocument();
    const key = within(dialog).getByLabelText('Chave Pix');
    await user.type(key, 'não é uma chave');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar reembolso' }));
    expect(within(dialog).getByText(/^Informe uma chave Pix válida/)).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await user.clear(key);
    await user.type(key, 'aluno@example.test');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar reembolso' }));
    expect(
      await screen.findByText('Fale com o suporte pela página de contato.'),
    ).toBeInTheDocument();
    expect(calls[0]!.body).toEqual({ destination: 'aluno@example.test' });
  });

  it('when the server would refuse the refund, then there is no button, and its reason is said in its place', () => {
    const waived = enrolledCourse({
      courseTitle: 'Curso Europeu',
      refund: offer({
        eligible: false,
        reason: REFUND_REFUSAL_MESSAGES.waived,
        currency: 'eur',
      }),
    });
    const closed = enrolledCourse({
      _id: '6f1c2a9e-1111-4c3b-9a7e-000000000005',
      courseTitle: 'Curso Antigo',
      refund: offer({ eligible: false, reason: REFUND_REFUSAL_MESSAGES.window_closed }),
    });
    renderWithProviders(<MyEnrollmentsPage />, {
      auth: signedIn,
      app: { enrolledCourses: [waived, closed].map(enrolledSummary) },
    });

    expect(screen.queryByRole('button', { name: /Pedir reembolso/ })).not.toBeInTheDocument();
    expect(
      within(card('Curso Europeu')).getByText(REFUND_REFUSAL_MESSAGES.waived),
    ).toBeInTheDocument();
    expect(
      within(card('Curso Antigo')).getByText(REFUND_REFUSAL_MESSAGES.window_closed),
    ).toBeInTheDocument();
  });

  it('when a course was given back, then it stays listed as Reembolsado with its amount and date, without access', () => {
    onWideScreen();
    renderWithProviders(<MyEnrollmentsPage />, {
      auth: signedIn,
      app: {
        enrolledCourses: [python].map(enrolledSummary),
        refundedPurchases: [
          {
            purchaseId: '0b7a2f1e-0000-4000-8000-000000000009',
            courseId: '6f1c2a9e-1111-4c3b-9a7e-000000000009',
            courseTitle: 'Rust Avançado',
            courseThumbnail: '/uploads/rust.webp',
            amount: 4500,
            currency: 'aoa',
            refundedAt: '2026-11-20T15:00:00.000Z',
            status: 'refunded',
          },
        ],
      },
    });

    const refunded = screen.getByRole('region', { name: 'Reembolsados' });
    const row = within(refunded).getByRole('listitem');
    expect(within(row).getByText('Rust Avançado')).toBeInTheDocument();
    expect(within(row).getByText('Reembolsado')).toBeInTheDocument();
    expect(row).toHaveTextContent(formatPrice(4500, 'Kz'));
    expect(within(row).getByText('20/11/2026')).toBeInTheDocument();
    expect(within(row).queryByRole('link')).not.toBeInTheDocument();
    // Not among the courses the learner holds.
    expect(
      within(screen.getByRole('table', { name: 'Meus Cursos' })).queryByText('Rust Avançado'),
    ).not.toBeInTheDocument();
  });

  it('when the learner holds no course but gave one back, then the empty state and the refunded row both show', () => {
    renderWithProviders(<MyEnrollmentsPage />, {
      auth: signedIn,
      app: {
        enrolledCourses: [],
        refundedPurchases: [
          {
            purchaseId: '0b7a2f1e-0000-4000-8000-000000000010',
            courseId: '6f1c2a9e-1111-4c3b-9a7e-000000000010',
            courseTitle: 'Go Essencial',
            courseThumbnail: '/uploads/go.webp',
            amount: 20,
            currency: 'brl',
            refundedAt: '2026-11-27T15:00:00.000Z',
            status: 'refund_pending',
          },
        ],
      },
    });
    expect(
      screen.getByText('Parece que você não está matriculado em nenhum curso'),
    ).toBeInTheDocument();
    const row = within(screen.getByRole('region', { name: 'Reembolsados' })).getByRole('listitem');
    expect(row).toHaveTextContent(formatPrice(20, 'R$'));
    expect(row).toHaveTextContent('valor a caminho');
  });

  it('when the certificate is refused, then the server message is toasted and the learner stays', async () => {
    stubApi(() => ({
      status: 403,
      data: {
        success: false,
        message: 'Conclua todas as aulas do curso para receber o certificado',
      },
    }));
    const { location } = renderWithProviders(<MyEnrollmentsPage />, {
      auth: signedIn,
      app: { enrolledCourses: [finished].map(enrolledSummary) },
    });
    await userEvent.click(await screen.findByRole('button', { name: /^Certificado/ }));
    expect(
      await screen.findByText('Conclua todas as aulas do curso para receber o certificado'),
    ).toBeInTheDocument();
    expect(location()).toBe('/');
    expect(screen.getByRole('button', { name: /^Certificado/ })).toBeEnabled();
  });

  it('when a completed lecture was since removed from the course, then it does not count', () => {
    renderWithProviders(<MyEnrollmentsPage />, {
      auth: signedIn,
      app: {
        enrolledCourses: [{ ...python, lectureCompleted: ['lec-1', 'removed-lecture'] }].map(
          enrolledSummary,
        ),
      },
    });
    expect(within(card('Python do Zero')).getByText('1 de 3 aulas')).toBeInTheDocument();
  });

  it('when the screen is wide, then the courses are a table with the same facts', () => {
    onWideScreen();
    renderWithProviders(<MyEnrollmentsPage />, {
      auth: signedIn,
      app: { enrolledCourses: [python, finished].map(enrolledSummary) },
    });
    const table = screen.getByRole('table', { name: 'Meus Cursos' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Curso', 'Duração', 'Progresso', 'Ação']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByRole('rowheader')).toHaveTextContent('Python do Zero');
    expect(rows[0]).toHaveTextContent('1 hora, 45 minutos');
    expect(rows[0]).toHaveTextContent('33%');
    expect(rows[0]).toHaveTextContent('1 de 3 aulas');
    expect(within(rows[0]).getByRole('link', { name: /^Continuar/ })).toBeInTheDocument();
    expect(within(rows[1]).getByRole('link', { name: /^Concluído/ })).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('when the context has not started loading yet, then the page does not ask for the courses again', () => {
    const refreshSignedIn = vi.fn(async () => {});
    renderWithProviders(<MyEnrollmentsPage />, {
      auth: signedIn,
      app: { enrolledStatus: 'idle', refreshSignedIn },
    });
    expect(screen.getByRole('status', { name: 'Carregando os seus cursos…' })).toBeInTheDocument();
    expect(refreshSignedIn).not.toHaveBeenCalled();
  });
});
