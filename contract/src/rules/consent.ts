// The e-mail choices' words, apart from the account's schemas: the profile's mail preferences sit in
// the notifications feature, which every signed-in page's bell loads, and importing them from
// account-security.ts brought the validation library with them.

/**
 * The e-mails a person chooses. `answers` and `digest` are about their own activity (on until
 * stopped); `news` is marketing (novidades e ofertas) and is only ever sent after an opt-in.
 */
export const CONSENT_TOPICS = ['answers', 'digest', 'news'] as const;
export type ConsentTopic = (typeof CONSENT_TOPICS)[number];

/**
 * The exact words beside each choice under 'E-mails' on the profile: a consent record keeps the
 * text the person saw when they chose.
 */
export const CONSENT_WORDING: Record<ConsentTopic, string> = {
  answers: 'Respostas às minhas perguntas',
  digest: 'Resumo diário de perguntas sem resposta (educadores)',
  news: 'Novidades e ofertas de cursos (só com a sua autorização; cancele quando quiser)',
};
