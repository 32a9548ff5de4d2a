import { BRAND_NAME as BRAND } from '@aprendiz/contract/brand';
import { formatMoney, type Currency } from '@aprendiz/contract/rules/currency';
import {
  EU_WITHDRAWAL_DAYS,
  guaranteeLabel,
  purchaseWindowDays,
} from '@aprendiz/contract/rules/guarantee';
import { formatMarketDateTime } from '@aprendiz/contract/rules/market-time';
import type { OutgoingMail } from '../../providers/mailer';

/** A written mail before it has a recipient. */
export type MailContent = Omit<OutgoingMail, 'to'>;

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Names and course titles are typed by people: every value reaches the HTML part escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** The one look every mail shares: heading, paragraphs (already escaped), an optional button. */
export function layout(
  heading: string,
  paragraphs: string[],
  action?: { label: string; url: string },
  unsubscribeUrl?: string,
) {
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#2563eb;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#475569">Se o botão não abrir, copie este endereço no navegador:<br><a href="${escapeHtml(action.url)}" style="color:#1d4ed8;word-break:break-all">${escapeHtml(action.url)}</a></p>`
    : '';
  return `<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(heading)}</title></head>
<body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<div style="max-width:560px;margin:0 auto;padding:24px">
<div style="background:#ffffff;border-radius:8px;padding:24px">
<p style="margin:0 0 16px;font-size:20px;font-weight:700;color:#1d4ed8">${BRAND}</p>
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>
${paragraphs.map((p) => `<p style="line-height:1.5;margin:0 0 12px">${p}</p>`).join('\n')}
${button}
</div>
<p style="font-size:12px;color:#64748b;text-align:center;margin-top:16px">Esta mensagem foi enviada automaticamente pela ${BRAND}. Não responda a este e-mail.</p>
${unsubscribeUrl ? `<p style="font-size:12px;color:#64748b;text-align:center"><a href="${escapeHtml(unsubscribeUrl)}" style="color:#475569">Não quero mais receber estes e-mails</a></p>` : ''}
</div>
</body>
</html>`;
}

export function textFooter(): string {
  return `\n--\nEsta mensagem foi enviada automaticamente pela ${BRAND}. Não responda a este e-mail.\n`;
}

/**
 * On the clock of the deployment's market (`CURRENCY`), named: servers run in UTC, readers live in
 * Luanda, Brasília or Lisbon.
 */
export function formatDate(date: Date, market: Currency): string {
  return formatMarketDateTime(date, market);
}

/** Titles typed by people, quoted the way Portuguese text quotes them. */
function quote(text: string): string {
  return `“${text}”`;
}

export const RESET_LINK_LIFETIME_TEXT = '1 hora';

export function passwordResetMail(input: { name: string; link: string }): MailContent {
  const subject = `Redefinir sua senha na ${BRAND}`;
  const text = `Olá, ${input.name}.

Recebemos um pedido para redefinir a senha da sua conta na ${BRAND}.
Para escolher uma nova senha, acesse este link (válido por ${RESET_LINK_LIFETIME_TEXT} e só uma vez):

${input.link}

Se não foi você que pediu, ignore esta mensagem: sua senha continua a mesma.
${textFooter()}`;
  const html = layout(
    'Redefinir sua senha',
    [
      `Olá, ${escapeHtml(input.name)}.`,
      `Recebemos um pedido para redefinir a senha da sua conta na ${BRAND}. O link abaixo vale por ${RESET_LINK_LIFETIME_TEXT} e só pode ser usado uma vez.`,
      'Se não foi você que pediu, ignore esta mensagem: sua senha continua a mesma.',
    ],
    { label: 'Escolher nova senha', url: input.link },
  );
  return { subject, text, html };
}

export function purchaseReceiptMail(input: {
  name: string;
  courseTitle: string;
  amount: number;
  currency: string;
  paidAt: Date;
  purchaseId: string;
  courseUrl: string;
  /** The end of the purchase's guarantee, as the database fixed it at the completion. */
  refundableUntil?: Date | null;
  /** Set when the buyer waived the EU right of withdrawal: the receipt is its durable record. */
  euWaiverAt?: Date | null;
  /** The deployment's market, whose clock the dates are on. */
  market: Currency;
}): MailContent {
  const amount = formatMoney(input.amount, input.currency);
  const date = formatDate(input.paidAt, input.market);
  // The same window the course page and My Courses name: the purchase's own, in days and to the date.
  const guarantee = input.refundableUntil
    ? `${guaranteeLabel(purchaseWindowDays(input.paidAt, input.refundableUntil))}, até ${formatDate(input.refundableUntil, input.market)}: peça o reembolso em Meus cursos`
    : null;
  const waiver = input.euWaiverAt
    ? `Confirmamos que, em ${formatDate(input.euWaiverAt, input.market)}, você pediu para começar já e reconheceu que perde o direito de livre resolução de ${EU_WITHDRAWAL_DAYS} dias a partir do momento em que abrir as aulas do curso (no player ou na página do curso).`
    : null;
  const subject = `Recibo da sua compra: ${input.courseTitle}`;
  const text = `Olá, ${input.name}.

Obrigado pela sua compra. Você já está inscrito no curso e pode começar quando quiser.

Curso: ${input.courseTitle}
Valor pago: ${amount}
Data: ${date}
Referência: ${input.purchaseId}
${guarantee ? `Garantia: ${guarantee}\n` : ''}${waiver ? `\n${waiver}\n` : ''}
Abrir o curso: ${input.courseUrl}
${textFooter()}`;
  const row = (label: string, value: string) =>
    `<tr><td style="padding:6px 12px 6px 0;color:#475569">${label}</td><td style="padding:6px 0;font-weight:600">${escapeHtml(value)}</td></tr>`;
  const html = layout(
    'Recibo da sua compra',
    [
      `Olá, ${escapeHtml(input.name)}.`,
      'Obrigado pela sua compra. Você já está inscrito no curso e pode começar quando quiser.',
      `<table role="presentation" style="border-collapse:collapse">${[
        row('Curso', input.courseTitle),
        row('Valor pago', amount),
        row('Data', date),
        row('Referência', input.purchaseId),
        ...(guarantee ? [row('Garantia', guarantee)] : []),
      ].join('')}</table>`,
      ...(waiver ? [escapeHtml(waiver)] : []),
    ],
    { label: 'Abrir o curso', url: input.courseUrl },
  );
  return { subject, text, html };
}

export function enrollmentMail(input: {
  name: string;
  courseTitle: string;
  enrolledAt: Date;
  courseUrl: string;
  market: Currency;
}): MailContent {
  const subject = `Inscrição confirmada: ${input.courseTitle}`;
  const date = formatDate(input.enrolledAt, input.market);
  const text = `Olá, ${input.name}.

Sua inscrição no curso ${quote(input.courseTitle)} está confirmada (${date}).
Você já pode começar: ${input.courseUrl}
${textFooter()}`;
  const html = layout(
    'Inscrição confirmada',
    [
      `Olá, ${escapeHtml(input.name)}.`,
      `Sua inscrição no curso <strong>${escapeHtml(input.courseTitle)}</strong> está confirmada (${escapeHtml(date)}).`,
    ],
    { label: 'Começar o curso', url: input.courseUrl },
  );
  return { subject, text, html };
}

/** One-click unsubscribe in the mail client's own button (RFC 8058): a POST to the signed link. */
function unsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

function unsubscribeText(url: string): string {
  return `Não quer mais receber estes e-mails? Acesse ${url}\n`;
}

/** A new answer to the learner's question; the answer is quoted as text, never as HTML. */
export function questionAnswerMail(input: {
  name: string;
  answererName: string;
  questionTitle: string;
  courseTitle: string;
  answerBody: string;
  questionUrl: string;
  unsubscribeUrl: string;
}): MailContent {
  const subject = `Nova resposta: ${input.questionTitle}`;
  const text = `Olá, ${input.name}.

${input.answererName} respondeu à sua pergunta ${quote(input.questionTitle)} no curso ${quote(input.courseTitle)}:

${input.answerBody}

Ver a conversa: ${input.questionUrl}
${textFooter()}${unsubscribeText(input.unsubscribeUrl)}`;
  const quoted = escapeHtml(input.answerBody).replace(/\r?\n/g, '<br>');
  const html = layout(
    'Sua pergunta recebeu uma resposta',
    [
      `Olá, ${escapeHtml(input.name)}.`,
      `<strong>${escapeHtml(input.answererName)}</strong> respondeu à sua pergunta <strong>${escapeHtml(input.questionTitle)}</strong> no curso <strong>${escapeHtml(input.courseTitle)}</strong>:`,
      `<span style="display:block;border-left:3px solid #cbd5e1;padding-left:12px;white-space:pre-wrap">${quoted}</span>`,
    ],
    { label: 'Ver a conversa', url: input.questionUrl },
    input.unsubscribeUrl,
  );
  return { subject, text, html, headers: unsubscribeHeaders(input.unsubscribeUrl) };
}

/** The educator's daily list of questions still waiting for an answer, oldest first. */
export function unansweredDigestMail(input: {
  name: string;
  total: number;
  items: { questionTitle: string; courseTitle: string; createdAt: Date }[];
  inboxUrl: string;
  unsubscribeUrl: string;
  market: Currency;
}): MailContent {
  const plural = input.total === 1 ? 'pergunta espera' : 'perguntas esperam';
  const subject = `${input.total} ${plural} resposta nos seus cursos`;
  const lines = input.items.map(
    (item) =>
      `- ${quote(item.questionTitle)} (${item.courseTitle}, ${formatDate(item.createdAt, input.market)})`,
  );
  const more =
    input.total > input.items.length ? `\n… e mais ${input.total - input.items.length}.` : '';
  const text = `Olá, ${input.name}.

${input.total} ${plural} resposta nos seus cursos:

${lines.join('\n')}${more}

Responder: ${input.inboxUrl}
${textFooter()}${unsubscribeText(input.unsubscribeUrl)}`;
  const list = `<ul style="padding-left:20px;margin:0">${input.items
    .map(
      (item) =>
        `<li style="margin-bottom:6px"><strong>${escapeHtml(item.questionTitle)}</strong><br><span style="color:#475569">${escapeHtml(item.courseTitle)} · ${escapeHtml(formatDate(item.createdAt, input.market))}</span></li>`,
    )
    .join('')}</ul>${more ? `<p>${escapeHtml(more.trim())}</p>` : ''}`;
  const html = layout(
    'Perguntas sem resposta',
    [`Olá, ${escapeHtml(input.name)}.`, `${input.total} ${plural} resposta nos seus cursos:`, list],
    { label: 'Responder às perguntas', url: input.inboxUrl },
    input.unsubscribeUrl,
  );
  return { subject, text, html, headers: unsubscribeHeaders(input.unsubscribeUrl) };
}

/** 'Baixar meus dados': the ZIP is ready; the link opens it without signing in, until it expires. */
export function privacyExportReadyMail(input: {
  name: string;
  link: string;
  expiresAt: string;
}): MailContent {
  const subject = `Seus dados na ${BRAND} estão prontos`;
  const text = `Olá, ${input.name}.

A cópia dos seus dados que você pediu na ${BRAND} está pronta: um arquivo ZIP com um arquivo por tipo de dado e um LEIA-ME que explica cada um.
Baixe por este link (válido até ${input.expiresAt}):

${input.link}

Quem tiver este link consegue baixar o arquivo: não o repasse.
Se não foi você que pediu, troque sua senha.
${textFooter()}`;
  const html = layout(
    'Seus dados estão prontos',
    [
      `Olá, ${escapeHtml(input.name)}.`,
      `A cópia dos seus dados que você pediu na ${BRAND} está pronta: um arquivo ZIP com um arquivo por tipo de dado e um LEIA-ME que explica cada um. O link vale até ${escapeHtml(input.expiresAt)}.`,
      'Quem tiver este link consegue baixar o arquivo: não o repasse. Se não foi você que pediu, troque sua senha.',
    ],
    { label: 'Baixar meus dados', url: input.link },
  );
  return { subject, text, html };
}

/** 'Excluir minha conta': when it happens, and that signing in before then cancels it. */
export function accountDeletionScheduledMail(input: {
  name: string;
  scheduledFor: string;
  signInUrl: string;
}): MailContent {
  const subject = `Sua conta na ${BRAND} será excluída`;
  const text = `Olá, ${input.name}.

Recebemos o pedido para excluir sua conta na ${BRAND}. Ela será excluída em ${input.scheduledFor}, e você saiu de todos os aparelhos.
Mudou de ideia? Basta entrar de novo antes dessa data: a exclusão é cancelada.

${input.signInUrl}

Depois da exclusão, suas notas, sessões e foto são apagadas; avaliações, perguntas e respostas ficam assinadas como “Pessoa removida”; compras ficam mantidas sem seu nome, como a lei fiscal exige.
${textFooter()}`;
  const html = layout(
    'Sua conta será excluída',
    [
      `Olá, ${escapeHtml(input.name)}.`,
      `Recebemos o pedido para excluir sua conta na ${BRAND}. Ela será excluída em ${escapeHtml(input.scheduledFor)}, e você saiu de todos os aparelhos.`,
      'Mudou de ideia? Basta entrar de novo antes dessa data: a exclusão é cancelada.',
      'Depois da exclusão, suas notas, sessões e foto são apagadas; avaliações, perguntas e respostas ficam assinadas como “Pessoa removida”; compras ficam mantidas sem seu nome, como a lei fiscal exige.',
    ],
    { label: 'Entrar e cancelar a exclusão', url: input.signInUrl },
  );
  return { subject, text, html };
}

export type CourseReviewDecision = 'approved' | 'changes_requested' | 'taken_down';

/** The educator is told what a reviewer decided about their course, with the reviewer's words. */
export function courseReviewMail(input: {
  name: string;
  courseTitle: string;
  decision: CourseReviewDecision;
  checklist: readonly string[];
  note: string | null;
  link: string;
  /** For a takedown: false when a rights claim closed the lectures to enrolled learners too. */
  learnersKeepAccess?: boolean;
}): MailContent {
  const headings: Record<CourseReviewDecision, string> = {
    approved: 'Seu curso foi aprovado',
    changes_requested: 'Seu curso precisa de alterações',
    taken_down: 'Seu curso foi retirado do catálogo',
  };
  const openings: Record<CourseReviewDecision, string> = {
    approved: `O curso “${input.courseTitle}” foi aprovado e já está no catálogo.`,
    changes_requested: `O curso “${input.courseTitle}” precisa de alterações antes de entrar no catálogo. Corrija o que está abaixo e publique de novo para uma nova revisão.`,
    taken_down:
      input.learnersKeepAccess === false
        ? `O curso “${input.courseTitle}” foi removido pela plataforma por uma reclamação de direitos autorais. Suas aulas não estão mais disponíveis, nem para quem já está inscrito.`
        : `O curso “${input.courseTitle}” foi retirado do catálogo pela plataforma. Quem já está inscrito continua com acesso.`,
  };
  const heading = headings[input.decision];
  const lines = [
    openings[input.decision],
    ...input.checklist.map((item) => `• ${item}`),
    ...(input.note ? [`Nota da revisão: ${input.note}`] : []),
  ];
  const text = `Olá, ${input.name}.

${lines.join('\n')}

${input.link}
${textFooter()}`;
  const html = layout(
    heading,
    [`Olá, ${escapeHtml(input.name)}.`, ...lines.map((line) => escapeHtml(line))],
    { label: 'Ver meus cursos', url: input.link },
  );
  return { subject: `${heading} — ${input.courseTitle}`, text, html };
}
