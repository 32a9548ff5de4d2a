import { expect, signIn, test } from '../support/fixtures';
import { expectNoHorizontalOverflow, settleAnimations } from '../support/educator';
import { educatorWithASale, ops, waitForDeployment } from '../support/payouts';

test.describe('paying the educator (a brl deployment) @brl', () => {
  test.use({ baseURL: process.env.E2E_BRL_URL, serviceWorkers: 'block' });

  test.beforeAll(async ({ request }) => {
    test.setTimeout(150_000);
    await waitForDeployment(request);
  });

  test('the educator sets a Pix key, sees the sale pending with its reason and date, withdraws once the hold ends, and finds the payment in the statement', async ({
    page,
    request,
    saveScreenshot,
    expectAccessible,
  }, testInfo) => {
    test.setTimeout(120_000);
    const educator = await educatorWithASale(request);

    await page.goto('/educator/payouts');
    await signIn(page, educator.email, educator.password);
    await expect(page.getByRole('heading', { level: 1, name: 'Pagamentos' })).toBeVisible();

    // A wrong CPF is said beside its field, and nothing is sent.
    await page.getByLabel('Chave Pix', { exact: true }).fill('529.982.247-26');
    await page.getByLabel('Nome do titular').fill('Educadora Pix');
    await page.getByLabel('CPF ou CNPJ do titular').fill('529.982.247-25');
    await page.getByRole('button', { name: 'Salvar dados de recebimento' }).click();
    await expect(page.getByText('CPF inválido: confira os 11 dígitos')).toBeVisible();
    await expect(page.getByLabel('Chave Pix', { exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );

    await page.getByLabel('Chave Pix', { exact: true }).fill('529.982.247-25');
    await page.getByRole('button', { name: 'Salvar dados de recebimento' }).click();
    await expect(page.getByTestId('payout-destination')).toContainText('•••.982.247-••');

    // The sale is pending until its guarantee ends, and says so.
    const pending = page.getByTestId('pending-amount');
    await expect(pending).toContainText('R$ 80,00');
    await expect(pending).toContainText(/disponível em \d{1,2} [a-z]{3}: garantia de 7 dias/);
    await expect(page.getByTestId('balance-available')).toHaveText('R$ 0,00');
    await settleAnimations(page);
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
    await saveScreenshot('payouts-pending', page);

    // Eight days on (the server's payouts clock for this educator, and the page's own).
    const moved = await request.post('/api/dev/payout-clock', {
      headers: ops,
      data: { educatorId: educator.id, days: 8 },
    });
    expect(moved.ok(), await moved.text()).toBe(true);
    const later = new Date(((await moved.json()) as { now: string }).now);
    await page.clock.setSystemTime(later);
    await page.reload();
    await expect(page.getByTestId('balance-available')).toHaveText('R$ 80,00');
    await expect(pending).toHaveCount(0);

    await page.getByLabel('Valor do saque').fill('80');
    await page.getByRole('button', { name: 'Pedir saque' }).click();
    const row = page.getByTestId('payout-row').first();
    await expect(row).toContainText('Solicitado');
    await expect(row).toContainText('R$ 80,00');

    // The operator pays it from the bank's batch.
    const listed = await request.get('/api/ops/payouts?status=requested', { headers: ops });
    const payout = (
      (await listed.json()) as { payouts: { _id: string; educatorId: string }[] }
    ).payouts.find((p) => p.educatorId === educator.id);
    expect(payout).toBeDefined();
    expect(
      (await request.post(`/api/ops/payouts/${payout!._id}/approve`, { headers: ops })).ok(),
    ).toBe(true);
    const batch = await request.get('/api/ops/payouts/export.csv?rail=pix', { headers: ops });
    expect(await batch.text()).toContain('52998224725');
    const reference = `E2E${Date.now()}${testInfo.project.name}`;
    expect(
      (
        await request.post(`/api/ops/payouts/${payout!._id}/paid`, {
          headers: ops,
          data: { reference },
        })
      ).ok(),
    ).toBe(true);

    await page.reload();
    await expect(row).toContainText('Pago');
    await expect(row).toContainText(reference);
    await expect(page.getByTestId('balance-paid-out')).toHaveText('R$ 80,00');
    await settleAnimations(page);
    await expectNoHorizontalOverflow(page);
    await saveScreenshot('payouts-paid', page);

    // This month's statement (eight days on, maybe the next month) carries the sale's money in or
    // lists it, and shows the payment with the bank's reference; the sale's own month lists it.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Baixar CSV' }).click();
    const file = await download;
    const csv = await (await file.createReadStream()).toArray();
    const text = Buffer.concat(csv as Buffer[]).toString('utf8');
    expect(text).toContain('Saque pago');
    expect(text).toContain(reference);
    // The educator's spreadsheet reads the market's decimal comma (quoted, as every comma is).
    expect(text).toMatch(/Saldo ao fim do mês;;"0,00"/);
    const saleMonth = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Sao_Paulo',
      year: 'numeric',
      month: '2-digit',
    })
      .format(new Date())
      .slice(0, 7);
    const ofTheSale = await request.get(`/api/educator/statements/${saleMonth}.csv`, {
      headers: educator.auth,
    });
    expect(await ofTheSale.text()).toMatch(/Venda;Planilhas para pequenos negócios \w+;"80,00"/);
  });
});
