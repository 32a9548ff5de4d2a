import { formatMoney } from '@aprendiz/contract/rules/currency';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import type { JobQueue } from '../jobs/job-queue';
import { escapeHtml, type MailContent } from '../mail/mail-templates';
import { findPayoutMailFacts, type PayoutMailFacts } from './payouts.repository';

/** One mail when a withdrawal is paid and one when it fails, each a job keyed on the payout. */
export const PAYOUT_MAIL_JOBS = {
  paid: 'mail-payout-paid',
  failed: 'mail-payout-failed',
} as const;

interface PayoutMailJob {
  payoutId: string;
}

/** In the transaction that records the outcome, so the mail exists exactly when the outcome does. */
export async function queuePayoutMail(
  jobs: JobQueue,
  tx: Db,
  payoutId: string,
  outcome: 'paid' | 'failed',
): Promise<void> {
  const data: PayoutMailJob = { payoutId };
  await jobs.send(tx, PAYOUT_MAIL_JOBS[outcome], data, `payout:${payoutId}`);
}

function mail(subject: string, paragraphs: string[]): MailContent {
  const text = `${paragraphs.join('\n\n')}\n`;
  const html = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a"><div style="max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px">${escapeHtml(subject)}</h1>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}</div></body></html>`;
  return { subject, text, html };
}

export function payoutPaidMail(facts: PayoutMailFacts, publicUrl: string): MailContent {
  const amount = formatMoney(Number(facts.payout.amount), facts.payout.currency);
  return mail(`Saque pago: ${amount}`, [
    `Olá, ${facts.educatorName}.`,
    `Seu saque de ${amount} foi pago para ${facts.payout.destinationMasked}. Referência do banco: ${facts.payout.reference ?? '-'}.`,
    `Veja o extrato em ${publicUrl}/educator/payouts`,
  ]);
}

export function payoutFailedMail(facts: PayoutMailFacts, publicUrl: string): MailContent {
  const amount = formatMoney(Number(facts.payout.amount), facts.payout.currency);
  return mail(`Seu saque de ${amount} não foi concluído`, [
    `Olá, ${facts.educatorName}.`,
    `O saque de ${amount} para ${facts.payout.destinationMasked} não foi concluído. Motivo: ${facts.payout.failureReason ?? '-'}.`,
    `O valor voltou para seu saldo disponível. Confira seus dados de recebimento e peça o saque de novo em ${publicUrl}/educator/payouts`,
  ]);
}

type MailDeps = Pick<AppDeps, 'config' | 'database' | 'mailer' | 'logger'>;

export function registerPayoutMailJobs(jobs: JobQueue, deps: MailDeps): void {
  const send = async (payoutId: string, outcome: 'paid' | 'failed') => {
    const facts = await findPayoutMailFacts(deps.database.db, payoutId);
    if (!facts || facts.payout.status !== outcome) {
      deps.logger.info({ mail: `payout ${outcome}`, payoutId }, 'mail no longer applies');
      return;
    }
    const content =
      outcome === 'paid'
        ? payoutPaidMail(facts, deps.config.publicUrl)
        : payoutFailedMail(facts, deps.config.publicUrl);
    await deps.mailer.send({ to: facts.educatorEmail, ...content });
  };
  jobs.work<PayoutMailJob>(PAYOUT_MAIL_JOBS.paid, ({ payoutId }) => send(payoutId, 'paid'));
  jobs.work<PayoutMailJob>(PAYOUT_MAIL_JOBS.failed, ({ payoutId }) => send(payoutId, 'failed'));
}
