import { eq } from 'drizzle-orm';
import { PAYMENT_METHOD_LABELS, type PaymentInstructions } from '@aprendiz/contract/payments';
import { formatMoney, type Currency } from '@aprendiz/contract/rules/currency';
import { formatBoletoLine } from '@aprendiz/contract/rules/payment-display';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { courses } from '../../db/schema/courses';
import { purchases } from '../../db/schema/purchases';
import { users } from '../../db/schema/users';
import type { JobQueue } from '../jobs/job-queue';
import { escapeHtml, formatDate, type MailContent } from '../mail/mail-templates';

export const PAYMENT_INSTRUCTIONS_JOB = 'mail-payment-instructions';

interface InstructionsJob {
  purchaseId: string;
  /** Which attempt: a later attempt of the same purchase gets its own mail. */
  expiresAt: string;
}

/** The voucher's instructions by e-mail; in the transaction that issues it. */
export function queuePaymentInstructions(
  jobs: JobQueue,
  tx: Db,
  purchaseId: string,
  expiresAt: Date,
): Promise<void> {
  const data: InstructionsJob = { purchaseId, expiresAt: expiresAt.toISOString() };
  return jobs.send(tx, PAYMENT_INSTRUCTIONS_JOB, data, `pay:${purchaseId}:${data.expiresAt}`);
}

function instructionLines(instructions: PaymentInstructions, amount: string): string[] {
  switch (instructions.kind) {
    case 'pix':
      return ['Pague com o Pix copia e cola no app do seu banco:', instructions.code];
    case 'reference':
      return [
        'Pague em um caixa eletrônico ou no internet banking, em Pagamentos por referência:',
        `Entidade: ${instructions.entity}`,
        `Referência: ${instructions.reference.replace(/(\d{3})(?=\d)/g, '$1 ')}`,
        `Montante: ${amount}`,
      ];
    case 'boleto':
      return [
        'Pague o boleto no app do seu banco ou em uma lotérica:',
        formatBoletoLine(instructions.barcode),
      ];
    case 'push':
      return [`Aprove o pagamento no app do seu celular (${instructions.phone}).`];
    case 'redirect':
      return ['Conclua o pagamento em:', instructions.url];
  }
}

export function paymentInstructionsMail(input: {
  name: string;
  courseTitle: string;
  method: keyof typeof PAYMENT_METHOD_LABELS;
  amount: number;
  currency: string;
  expiresAt: Date;
  instructions: PaymentInstructions;
  pageUrl: string;
  market: Currency;
}): MailContent {
  const amount = formatMoney(input.amount, input.currency);
  const lines = instructionLines(input.instructions, amount);
  const subject = `Aguardando pagamento: ${input.courseTitle}`;
  const intro = `Olá, ${input.name}. Sua compra de “${input.courseTitle}” (${amount}, ${PAYMENT_METHOD_LABELS[input.method]}) aguarda pagamento até ${formatDate(input.expiresAt, input.market)}.`;
  const text = `${intro}\n\n${lines.join('\n')}\n\nAcompanhe o pagamento: ${input.pageUrl}\n`;
  const html = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a"><div style="max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px">Aguardando pagamento</h1><p>${escapeHtml(intro)}</p>
${lines.map((line) => `<p style="word-break:break-all">${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(input.pageUrl)}">Acompanhar o pagamento</a></p></div></body></html>`;
  return { subject, text, html };
}

type MailDeps = Pick<AppDeps, 'config' | 'database' | 'mailer' | 'logger'>;

export function registerPaymentMailJobs(jobs: JobQueue, deps: MailDeps): void {
  jobs.work<InstructionsJob>(PAYMENT_INSTRUCTIONS_JOB, async ({ purchaseId, expiresAt }) => {
    const [facts] = await deps.database.db
      .select({ purchase: purchases, email: users.email, name: users.name, title: courses.title })
      .from(purchases)
      .innerJoin(users, eq(users.id, purchases.userId))
      .innerJoin(courses, eq(courses.id, purchases.courseId))
      .where(eq(purchases.id, purchaseId))
      .limit(1);
    const p = facts?.purchase;
    // Paid, switched or expired meanwhile: instructions that no longer work are not sent.
    if (
      !facts ||
      !p ||
      p.status !== 'awaiting_payment' ||
      !p.method ||
      !p.instructions ||
      p.expiresAt?.toISOString() !== expiresAt
    ) {
      deps.logger.info({ mail: 'payment instructions', purchaseId }, 'mail no longer applies');
      return;
    }
    await deps.mailer.send({
      to: facts.email,
      ...paymentInstructionsMail({
        name: facts.name,
        courseTitle: facts.title,
        method: p.method,
        amount: Number(p.amount),
        currency: p.currency,
        expiresAt: p.expiresAt,
        instructions: p.instructions,
        pageUrl: `${deps.config.publicUrl}/payment/${purchaseId}`,
        market: deps.config.currency,
      }),
    });
  });
}
