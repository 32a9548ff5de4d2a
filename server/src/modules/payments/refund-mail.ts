import { formatMoney } from '@aprendiz/contract/rules/currency';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import type { JobQueue } from '../jobs/job-queue';
import { escapeHtml, type MailContent } from '../mail/mail-templates';
import { findRefundMailFacts, type RefundMailFacts } from './refunds.repository';

/** One mail to the learner and one to the educator per refund asked, each a job (e-mail is only sent by jobs). */
export const REFUND_MAIL_JOBS = {
  learner: 'mail-refund-learner',
  educator: 'mail-refund-educator',
} as const;

interface RefundMailJob {
  purchaseId: string;
}

/** Both refund mails; in the transaction that records the refund. */
export async function queueRefundMails(jobs: JobQueue, tx: Db, purchaseId: string): Promise<void> {
  const data: RefundMailJob = { purchaseId };
  await jobs.send(tx, REFUND_MAIL_JOBS.learner, data, `refund:${purchaseId}`);
  await jobs.send(tx, REFUND_MAIL_JOBS.educator, data, `refund:${purchaseId}`);
}

function simpleMail(subject: string, paragraphs: string[]): MailContent {
  const text = `${paragraphs.join('\n\n')}\n`;
  const html = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a"><div style="max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px">${escapeHtml(subject)}</h1>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}</div></body></html>`;
  return { subject, text, html };
}

export function learnerRefundMail(facts: RefundMailFacts): MailContent {
  const amount = formatMoney(Number(facts.amount), facts.currency);
  return simpleMail(`Reembolso pedido: ${facts.courseTitle}`, [
    `Olá, ${facts.learnerName}.`,
    `Recebemos seu pedido de reembolso de “${facts.courseTitle}” (${amount}). Sua inscrição foi encerrada; seu progresso fica salvo, caso você compre o curso de novo.`,
    facts.manual
      ? 'Este pagamento não pode ser devolvido pelo mesmo meio: nossa equipe envia o valor para a chave Pix ou o IBAN que você informou, em até 10 dias úteis.'
      : 'O valor volta pelo mesmo meio de pagamento; pode levar alguns dias para aparecer no seu extrato.',
  ]);
}

export function educatorRefundMail(facts: RefundMailFacts): MailContent {
  const amount = formatMoney(Number(facts.amount), facts.currency);
  return simpleMail(`Reembolso de ${facts.courseTitle}`, [
    `Olá, ${facts.educatorName}.`,
    `${facts.learnerName} pediu o reembolso de “${facts.courseTitle}” dentro da garantia do curso. ${amount} saiu do seu saldo pendente.`,
    facts.reason ? `Motivo informado: ${facts.reason}` : 'Nenhum motivo foi informado.',
  ]);
}

type MailDeps = Pick<AppDeps, 'database' | 'mailer' | 'logger'>;

export function registerRefundMailJobs(jobs: JobQueue, deps: MailDeps): void {
  const send = async (purchaseId: string, to: 'learner' | 'educator') => {
    const facts = await findRefundMailFacts(deps.database.db, purchaseId);
    if (!facts || (facts.status !== 'refund_pending' && facts.status !== 'refunded')) {
      deps.logger.info({ mail: `refund (${to})`, purchaseId }, 'mail no longer applies');
      return;
    }
    await deps.mailer.send(
      to === 'learner'
        ? { to: facts.learnerEmail, ...learnerRefundMail(facts) }
        : { to: facts.educatorEmail, ...educatorRefundMail(facts) },
    );
  };
  jobs.work<RefundMailJob>(REFUND_MAIL_JOBS.learner, ({ purchaseId }) =>
    send(purchaseId, 'learner'),
  );
  jobs.work<RefundMailJob>(REFUND_MAIL_JOBS.educator, ({ purchaseId }) =>
    send(purchaseId, 'educator'),
  );
}
