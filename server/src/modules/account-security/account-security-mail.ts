import { EMAIL_VERIFICATION_TTL_TEXT } from '@aprendiz/contract/account-security';
import { BRAND_NAME as BRAND } from '@aprendiz/contract/brand';
import { escapeHtml, layout, textFooter, type MailContent } from '../mail/mail-templates';

/** The link of a new account, or of an address the account is being changed to. */
export function emailVerificationMail(input: {
  name: string;
  link: string;
  /** The account's address now, when the link confirms a different, new one. */
  changingFrom?: string;
}): MailContent {
  const change = input.changingFrom !== undefined;
  const subject = change
    ? `Confirme seu novo e-mail na ${BRAND}`
    : `Confirme seu e-mail na ${BRAND}`;
  const why = change
    ? `Você pediu para trocar o e-mail da sua conta na ${BRAND} por este. Até você confirmar, a conta continua usando ${input.changingFrom}.`
    : `Bem-vindo(a) à ${BRAND}! Confirme que este e-mail é seu para receber com segurança recibos, respostas e avisos de pagamento.`;
  const validity = `O link vale por ${EMAIL_VERIFICATION_TTL_TEXT} e só pode ser usado uma vez.`;
  const notYou = change
    ? 'Se não foi você, ignore esta mensagem: nada muda.'
    : 'Se você não criou uma conta, ignore esta mensagem.';
  const text = `Olá, ${input.name}.

${why}
${validity}

${input.link}

${notYou}
${textFooter()}`;
  const html = layout(
    change ? 'Confirme seu novo e-mail' : 'Confirme seu e-mail',
    [`Olá, ${escapeHtml(input.name)}.`, escapeHtml(why), validity, notYou],
    { label: 'Confirmar e-mail', url: input.link },
  );
  return { subject, text, html };
}

/** To the old address, once a new one was confirmed: a change the owner did not make shows here. */
export function emailChangedMail(input: {
  name: string;
  newEmail: string;
  supportUrl: string;
}): MailContent {
  const subject = `O e-mail da sua conta na ${BRAND} foi alterado`;
  const body = `O e-mail da sua conta na ${BRAND} agora é ${input.newEmail}. Mensagens da conta não chegam mais a este endereço.`;
  const notYou = `Se não foi você, fale conosco agora: ${input.supportUrl}`;
  const text = `Olá, ${input.name}.

${body}

${notYou}
${textFooter()}`;
  const html = layout('O e-mail da sua conta foi alterado', [
    `Olá, ${escapeHtml(input.name)}.`,
    escapeHtml(body),
    `Se não foi você, <a href="${escapeHtml(input.supportUrl)}" style="color:#1d4ed8">fale conosco agora</a>.`,
  ]);
  return { subject, text, html };
}
