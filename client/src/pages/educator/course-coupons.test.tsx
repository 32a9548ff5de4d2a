import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Coupon } from '@aprendiz/contract/coupons';
import { stubApi } from '../../test/api-stub';
import { LOADED, renderWithProviders, testUser } from '../../test/render';
import CourseCouponsPage, { loader } from './course-coupons';

const COURSE = '7d2f5c1e-0000-4000-8000-000000000009';
const existing: Coupon = {
  code: 'Lançamento',
  kind: 'percent',
  value: 20,
  startsAt: null,
  endsAt: '2031-06-30T12:00:00.000Z',
  maxRedemptions: 10,
  onePerLearner: true,
  redemptions: 3,
  createdAt: '2031-01-01T00:00:00.000Z',
};

function renderPage() {
  return renderWithProviders(<CourseCouponsPage />, {
    route: `/educator/course/${COURSE}/coupons`,
    path: '/educator/course/:id/coupons',
    loader,
    auth: { user: testUser },
    app: { isEducator: true },
  });
}

describe('CourseCouponsPage', () => {
  it('when the coupons arrive, then each shows its discount, limits and uses, and a new one is sent as the server reads it', async () => {
    const { calls } = stubApi((request) =>
      request.method === 'POST'
        ? { status: 201, data: { success: true, coupon: existing } }
        : { data: { success: true, courseTitle: 'JavaScript do Zero', coupons: [existing] } },
    );
    renderPage();
    const table = await screen.findByRole('table', {}, LOADED);
    // Which course the codes are for, in the heading.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Cupons de JavaScript do Zero',
    );
    const [, row] = within(table).getAllByRole('row');
    expect(row).toHaveTextContent('Lançamento');
    expect(row).toHaveTextContent('20% de desconto');
    expect(row).toHaveTextContent('3 de 10 usos');
    expect(row).toHaveTextContent('um por aluno');
    // Which price a coupon applies to, when the course has its own discount too.
    expect(screen.getByText(/O cupom vale sobre o preço já com o desconto do curso/)).toBeVisible();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Código'), 'GRATIS-2026');
    await user.selectOptions(screen.getByLabelText('Tipo'), 'price');
    await user.clear(screen.getByLabelText('Valor'));
    await user.type(screen.getByLabelText('Valor'), '0');
    await user.type(screen.getByLabelText('Limite de usos (opcional)'), '5');
    await user.click(screen.getByRole('button', { name: 'Criar cupom' }));

    await vi.waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe(`/api/educator/course/${COURSE}/coupons`);
    expect(post.body).toEqual({
      code: 'GRATIS-2026',
      kind: 'price',
      value: 0,
      maxRedemptions: 5,
      onePerLearner: false,
    });
  });

  it('when a percent above 100 is typed, then the error shows beside the field and nothing is sent', async () => {
    const { calls } = stubApi(() => ({
      data: { success: true, courseTitle: 'JavaScript do Zero', coupons: [] },
    }));
    renderPage();
    expect(await screen.findByText('Nenhum cupom ainda.', {}, LOADED)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Código'), 'DEMAIS');
    await user.clear(screen.getByLabelText('Desconto (%)'));
    await user.type(screen.getByLabelText('Desconto (%)'), '150');
    await user.click(screen.getByRole('button', { name: 'Criar cupom' }));
    expect(
      await screen.findByText('A porcentagem deve ser um inteiro de 1 a 100'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('when a coupon was used once, then it reads "1 uso"; "Copiar link" copies the course address with the code', async () => {
    const once: Coupon = { ...existing, code: 'AMIGO', maxRedemptions: null, redemptions: 1 };
    stubApi(() => ({
      data: { success: true, courseTitle: 'JavaScript do Zero', coupons: [once] },
    }));
    const user = userEvent.setup();
    renderPage();
    const table = await screen.findByRole('table', {}, LOADED);
    const [, row] = within(table).getAllByRole('row');
    expect(row).toHaveTextContent('1 uso');
    expect(row).not.toHaveTextContent('1 usos');
    await user.click(within(row!).getByRole('button', { name: 'Copiar o link do cupom AMIGO' }));
    expect(await navigator.clipboard.readText()).toBe(
      `${window.location.origin}/course/${COURSE}?cupom=AMIGO`,
    );
    expect(await screen.findByText('Link do cupom AMIGO copiado')).toBeInTheDocument();
  });
});
