import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { DashboardResponse } from '@aprendiz/contract/educator';
import { useRevalidator } from 'react-router-dom';
import { networkError, stubApi } from '../../test/api-stub';
import { LOADED, renderWithProviders, testUser } from '../../test/render';
import DashboardPage, { loader } from './dashboard';
import { NETWORK_ERROR_MESSAGE } from '../../lib/api-error';

const filled: DashboardResponse = {
  success: true,
  dashboardData: {
    totalCourses: 3,
    totalEnrollments: 12,
    totalEarnings: 1234.5,
    refunds: { count: 0, amount: 0 },
    balance: { gross: 1400, platformFee: 145.5, available: 1000, pending: 234.5, refunded: 20 },
    awaitingPayment: { count: 0, amount: 0 },
    enrolledStudentsData: [
      {
        courseTitle: 'React moderno',
        student: { _id: 'u1', name: 'Bruno Lima', imageUrl: 'https://img.example/bruno.png' },
      },
      { courseTitle: 'SQL essencial', student: { _id: 'u2', name: 'carla Dias', imageUrl: '' } },
    ],
  },
};

function renderDashboard(isEducator = true) {
  return renderWithProviders(<DashboardPage />, {
    route: '/educator',
    loader,
    auth: { user: testUser },
    app: { isEducator },
  });
}

/** What becoming an educator does once the role changed: the loaders read again. */
function ReadAgainProbe() {
  const { revalidate } = useRevalidator();
  return (
    <button type="button" onClick={() => void revalidate()}>
      ler de novo
    </button>
  );
}

describe('DashboardPage', () => {
  it('while the dashboard is on its way, then the loader shows', async () => {
    stubApi(() => new Promise(() => {}));
    renderDashboard();
    expect(await screen.findByRole('status', { name: 'Carregando o painel…' })).toBeInTheDocument();
    expect(screen.queryByText('Total Courses')).not.toBeInTheDocument();
  });

  it('when the dashboard arrives, then the three totals show, earnings with the currency and 2 decimals', async () => {
    const { calls } = stubApi(() => ({ data: filled }));
    renderDashboard();

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Total Enrollments').previousElementSibling).toHaveTextContent('12');
    expect(screen.getByText('Total Courses').previousElementSibling).toHaveTextContent('3');
    expect(screen.getByText('Total Earnings').previousElementSibling).toHaveTextContent(
      'Kz 1.234,50',
    );
    const dashboardCalls = calls.filter((call) => call.url === '/api/educator/dashboard');
    expect(dashboardCalls).toHaveLength(1);
    expect(dashboardCalls[0].method).toBe('GET');
    expect(dashboardCalls[0].headers.get('Authorization')).toBe('Bearer test-token');
  });

  it('when the dashboard arrives, then the balance shows available, pending and refunded apart, and vouchers awaiting payment on their own line', async () => {
    stubApi(() => ({
      data: {
        ...filled,
        dashboardData: { ...filled.dashboardData, awaitingPayment: { count: 2, amount: 50 } },
      },
    }));
    renderDashboard();
    expect((await screen.findByText('Saldo disponível')).previousElementSibling).toHaveTextContent(
      'Kz 1.000,00',
    );
    expect(screen.getByText('Saldo pendente').previousElementSibling).toHaveTextContent(
      'Kz 234,50',
    );
    expect(screen.getByText('Reembolsos').previousElementSibling).toHaveTextContent('Kz 20,00');
    expect(screen.getByText('2 aguardando pagamento (Kz 50,00)')).toBeInTheDocument();
  });

  it('when the dashboard arrives, then sales show gross, the platform fee, refunds and the net apart', async () => {
    stubApi(() => ({ data: filled }));
    renderDashboard();
    const sales = within(await screen.findByRole('region', { name: 'Vendas' }));
    const line = (label: string) => sales.getByText(label).nextElementSibling;
    expect(line('Vendas brutas')).toHaveTextContent('Kz 1.400,00');
    expect(line('Taxa da plataforma')).toHaveTextContent('− Kz 145,50');
    expect(line('Devolvido em reembolsos')).toHaveTextContent('− Kz 20,00');
    expect(line('Seus ganhos líquidos')).toHaveTextContent('Kz 1.234,50');
  });

  it('when payments were refunded, then under the earnings the refund count and amount show in Portuguese; none, no line', async () => {
    stubApi(() => ({
      data: {
        ...filled,
        dashboardData: { ...filled.dashboardData, refunds: { count: 2, amount: 39.98 } },
      },
    }));
    renderDashboard();
    expect(
      await screen.findByText('Pagamentos repetidos devolvidos: 2 (Kz 39,98)'),
    ).toBeInTheDocument();
    expect(screen.getByText('Total Earnings').previousElementSibling).toHaveTextContent(
      'Kz 1.234,50',
    );
  });

  it('when nothing was refunded and nothing awaits payment, then neither line shows', async () => {
    stubApi(() => ({ data: filled }));
    renderDashboard();
    expect(await screen.findByText('Total Earnings')).toBeInTheDocument();
    expect(screen.queryByText(/Pagamentos repetidos/)).not.toBeInTheDocument();
    expect(screen.queryByText(/aguardando pagamento/)).not.toBeInTheDocument();
  });

  it('when the dashboard arrives, then Latest Enrollments lists the students numbered from 1 in the order received', async () => {
    stubApi(() => ({ data: filled }));
    renderDashboard();
    const table = await screen.findByRole('table');
    const [header, ...rows] = within(table).getAllByRole('row');

    expect(
      within(header)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['#', 'Student Name', 'Course Title']);
    // The # column is hidden on small screens.
    expect(within(header).getByRole('columnheader', { name: '#' })).toHaveClass(
      'hidden',
      'sm:table-cell',
    );
    expect(rows).toHaveLength(2);
    const [first, second] = rows.map((row) => within(row).getAllByRole('cell'));
    expect(first[0]).toHaveTextContent('1');
    expect(within(first[1]).getByText('Bruno Lima')).toBeInTheDocument();
    expect(first[1].querySelector('img')).toHaveAttribute('src', 'https://img.example/bruno.png');
    expect(first[2]).toHaveTextContent('React moderno');
    expect(second[0]).toHaveTextContent('2');
    expect(within(second[1]).getByText('carla Dias')).toBeInTheDocument();
    // No picture: the initial, upper-cased, stands in for it.
    expect(second[1].querySelector('img')).toBeNull();
    expect(second[1]).toHaveTextContent(/^Ccarla Dias$/);
    expect(second[2]).toHaveTextContent('SQL essencial');
  });

  it('when the educator has no course yet, then the totals are zero, the table says so and Criar o primeiro curso leads to Add Course', async () => {
    stubApi(() => ({
      data: {
        success: true,
        dashboardData: {
          totalCourses: 0,
          totalEnrollments: 0,
          totalEarnings: 0,
          refunds: { count: 0, amount: 0 },
          balance: { gross: 0, platformFee: 0, available: 0, pending: 0, refunded: 0 },
          awaitingPayment: { count: 0, amount: 0 },
          enrolledStudentsData: [],
        },
      },
    }));
    renderDashboard();

    expect(await screen.findByText('Nenhuma inscrição ainda.')).toBeInTheDocument();
    expect(screen.getByText('Total Enrollments').previousElementSibling).toHaveTextContent('0');
    expect(screen.getByText('Total Earnings').previousElementSibling).toHaveTextContent('Kz 0,00');
    // The first step is offered: the empty dashboard leads to Add Course.
    expect(screen.getByRole('link', { name: 'Criar o primeiro curso' })).toHaveAttribute(
      'href',
      '/educator/add-course',
    );
  });

  it('when the educator already has courses, then no first-course offer shows', async () => {
    stubApi(() => ({ data: filled }));
    renderDashboard();
    expect(await screen.findByText('Total Courses')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Criar o primeiro curso' })).not.toBeInTheDocument();
  });

  it('when the server answers success false, then its message is toasted and shown with Tentar novamente, never an endless loader', async () => {
    stubApi(() => ({ data: { success: false, message: 'Painel indisponível' } }));
    renderDashboard();
    expect(await screen.findByText('Painel indisponível')).toBeInTheDocument();
    const failed = await screen.findByRole(
      'heading',
      { name: 'Não foi possível carregar o painel' },
      LOADED,
    );
    expect(failed.closest('[role="alert"]')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });

  it('when the request fails, then the server message (or the error) is toasted and shown with Tentar novamente, never an endless loader', async () => {
    stubApi(() => ({ status: 500, data: { success: false, message: 'Painel fora do ar' } }));
    renderDashboard();
    expect(await screen.findByText('Painel fora do ar')).toBeInTheDocument();
    const failed = await screen.findByRole(
      'heading',
      { name: 'Não foi possível carregar o painel' },
      LOADED,
    );
    expect(failed.closest('[role="alert"]')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });

  it('when the connection drops, then the error message is toasted', async () => {
    stubApi(() => {
      throw networkError();
    });
    renderDashboard();
    expect(await screen.findByText(NETWORK_ERROR_MESSAGE)).toBeInTheDocument();
  });

  it('when the user is not an educator yet, then the refusal is not reported and the loader stays; once they are, reading again shows the dashboard', async () => {
    let educator = false;
    const { calls } = stubApi(() =>
      educator
        ? { data: filled }
        : { status: 403, data: { success: false, message: 'Acesso reservado a educadores' } },
    );
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <ReadAgainProbe />
        <DashboardPage />
      </>,
      { route: '/educator', loader, auth: { user: testUser }, app: { isEducator: false } },
    );
    expect(await screen.findByRole('status', { name: 'Carregando o painel…' })).toBeInTheDocument();
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText('Acesso reservado a educadores')).not.toBeInTheDocument();

    educator = true;
    await user.click(screen.getByRole('button', { name: 'ler de novo' }));
    expect(await screen.findByText('Total Courses')).toBeInTheDocument();
  });

  it('when nobody is signed in, then nothing is asked', async () => {
    const { calls } = stubApi(() => ({ data: filled }));
    renderWithProviders(<DashboardPage />, { route: '/educator', loader });
    expect(await screen.findByRole('status', { name: 'Carregando o painel…' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([]);
  });

  it("when the trends arrive, then today's enrollments and earnings are said and tabled, per course completion shows, and 90 dias asks for 90 days", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const analytics = (days: number) => ({
      success: true,
      analytics: {
        series: Array.from({ length: days }, (_, i) => ({
          date: i === days - 1 ? today : `2000-01-${String((i % 28) + 1).padStart(2, '0')}`,
          enrollments: i === days - 1 ? 2 : 0,
          earnings: i === days - 1 ? 33.98 : 0,
        })),
        courses: [
          {
            courseId: 'c1',
            courseTitle: 'React moderno',
            completionRate: 25,
            dropOffLecture: { lectureId: 'l2', lectureTitle: 'Hooks', learners: 3 },
          },
        ],
      },
    });
    const { calls } = stubApi((request) =>
      request.url.startsWith('/api/educator/analytics')
        ? { data: analytics(request.url.endsWith('90') ? 90 : 30) }
        : { data: filled },
    );
    const user = userEvent.setup();
    const { location } = renderDashboard();

    expect(
      await screen.findByText(
        /Nos últimos 30 dias: 2 inscrições e Kz 33,98 em ganhos. Hoje: 2 inscrições, Kz 33,98./,
      ),
    ).toBeInTheDocument();
    expect(screen.getByTestId('trends-chart')).toHaveAttribute('aria-hidden', 'true');
    const dayTable = screen.getByRole('region', { name: 'Inscrições e ganhos por dia' });
    const [, newest] = within(dayTable).getAllByRole('row');
    expect(
      within(newest)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([new Date(`${today}T12:00:00Z`).toLocaleDateString('pt-BR'), '2', 'Kz 33,98']);
    const courseTable = screen.getByRole('region', { name: 'Conclusão por curso' });
    expect(courseTable).toHaveTextContent('React moderno25%Hooks (3 alunos)');

    await user.click(screen.getByRole('button', { name: '90 dias' }));
    expect(await screen.findByText(/Nos últimos 90 dias/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '90 dias' })).toHaveAttribute('aria-pressed', 'true');
    expect(calls.map((call) => call.url)).toContain('/api/educator/analytics?days=90');
    expect(location()).toBe('/educator?dias=90');
  });

  it('when the chart sits in a phone-wide box, then it is drawn at that width (labels keep their size) with few enough date labels', async () => {
    // jsdom lays nothing out: the box says it is 320 px wide, as on a 390 px phone.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ width: 320, height: 0 }),
    );
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    const series = Array.from({ length: 30 }, (_, i) => ({
      date: `2033-03-${String(i + 1).padStart(2, '0')}`,
      enrollments: i % 3,
      earnings: i,
    }));
    stubApi((request) =>
      request.url.startsWith('/api/educator/analytics')
        ? { data: { success: true, analytics: { series, courses: [] } } }
        : { data: filled },
    );
    renderDashboard();

    const chart = await screen.findByTestId('trends-chart', {}, LOADED);
    await waitFor(() => expect(chart).toHaveAttribute('viewBox', '0 0 320 220'));
    const dates = Array.from(chart.querySelectorAll('text')).filter((text) =>
      /^\d\d\/\d\d$/.test(text.textContent ?? ''),
    );
    // 224 px between the axes hold three labels 70 px apart, plus the last day.
    expect(dates.length).toBeLessThanOrEqual(4);
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('when the address asks for 90 days, then the trends are read for 90 days', async () => {
    const { calls } = stubApi((request) =>
      request.url.startsWith('/api/educator/analytics')
        ? { data: { success: true, analytics: { series: [], courses: [] } } }
        : { data: filled },
    );
    renderWithProviders(<DashboardPage />, {
      route: '/educator?dias=90',
      loader,
      auth: { user: testUser },
      app: { isEducator: true },
    });
    expect(await screen.findByText(/Nos últimos 90 dias: 0 inscrições/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '90 dias' })).toHaveAttribute('aria-pressed', 'true');
    expect(calls.map((call) => call.url)).toContain('/api/educator/analytics?days=90');
  });
});
