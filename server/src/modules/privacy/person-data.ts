/**
 * Where a person is in the database, and what their export and their retirement do with each
 * place. One entry per column that holds a person's id; `person-data.test.ts` reads the live schema
 * and fails when a table gains such a column without an entry here, so no future table is
 * forgotten by either. The tables and columns named here are constants of this file, never input.
 */

/** The files of the export ZIP, each described in its LEIA-ME. */
export const EXPORT_FILES = {
  'perfil.json': 'Seu cadastro: nome, e-mail, papel, data de criação e situação da conta.',
  'matriculas.json': 'Os cursos em que você se matriculou e quando.',
  'compras-e-reembolsos.json':
    'Suas compras (valor, moeda, forma de pagamento, situação) e os reembolsos pedidos ou pagos.',
  'progresso-e-posicoes.json':
    'As aulas concluídas, o ponto em que parou em cada vídeo e os totais de progresso por curso.',
  'avaliacoes.json':
    'As notas e comentários que você deixou nos cursos (e a resposta do educador) e as denúncias que você enviou sobre avaliações.',
  'perguntas.json':
    'As perguntas que você fez, seus votos em perguntas e as denúncias que você enviou.',
  'respostas.json': 'As respostas que você escreveu.',
  'notas.json': 'Suas notas pessoais nas aulas, com o segundo do vídeo.',
  'notificacoes.json': 'As notificações que você recebeu na plataforma.',
  'certificados.json':
    'Seus certificados (o PDF de cada um está na pasta certificados/, quando já foi gerado).',
  'questionarios.json': 'Suas tentativas nos questionários, com as respostas e a nota.',
  'cupons-usados.json': 'Os cupons de desconto que você usou em compras.',
  'sessoes.json':
    'Sessões encerradas e links de redefinição de senha pedidos (datas apenas; nenhuma senha ou código).',
  'consentimentos.json': 'Suas escolhas sobre os e-mails que aceita ou não receber.',
  'pedidos-de-privacidade.json':
    'Seus pedidos de cópia dos dados e de exclusão da conta, com os prazos.',
  'mensagens-de-contato.json': 'As mensagens enviadas pelo formulário de contato com o seu e-mail.',
  'cursos.json': 'Educador: os cursos que você criou e as datas em que os publicou.',
  'cupons.json': 'Educador: os cupons dos seus cursos.',
  'vendas.json':
    'Educador: o extrato das vendas, reembolsos e taxas dos seus cursos e os totais por dia.',
  'repasses.json': 'Educador: os repasses (saques) do seu saldo.',
  'candidatura-educador.json':
    'Suas candidaturas para se tornar educador, com a situação e a nota da equipe.',
} as const;

export type ExportFile = keyof typeof EXPORT_FILES;

/**
 * What the retirement does with the rows a column ties to the person:
 * - `delete`: private to them and needed by no one else (notes, sessions, progress);
 * - `keep`: must stay, and the row points at the pseudonymised account, which no longer names them
 *   (money rows the tax law needs, public posts signed 'Pessoa removida');
 * - `unlink`: another person's row that only mentions them (set to null);
 * - `account`: the account row itself, pseudonymised.
 */
export type RetireAction = 'delete' | 'keep' | 'unlink' | 'account';

export interface PersonColumn {
  table: string;
  column: string;
  /** The export file its rows go in, or why they are not exported. */
  export: { file: ExportFile } | { skip: string };
  retire: RetireAction;
  /** Why a `keep` stays. */
  because?: string;
}

export const PERSON_COLUMNS: readonly PersonColumn[] = [
  { table: 'users', column: 'id', export: { file: 'perfil.json' }, retire: 'account' },
  {
    table: 'enrollments',
    column: 'user_id',
    export: { file: 'matriculas.json' },
    retire: 'delete',
  },
  {
    table: 'purchases',
    column: 'user_id',
    export: { file: 'compras-e-reembolsos.json' },
    retire: 'keep',
    because: 'a venda e o reembolso são registros fiscais; a compra fica ligada à conta anônima',
  },
  {
    table: 'lecture_progress',
    column: 'user_id',
    export: { file: 'progresso-e-posicoes.json' },
    retire: 'delete',
  },
  {
    table: 'lecture_positions',
    column: 'user_id',
    export: { file: 'progresso-e-posicoes.json' },
    retire: 'delete',
  },
  {
    table: 'learner_course_totals',
    column: 'user_id',
    export: { file: 'progresso-e-posicoes.json' },
    retire: 'delete',
  },
  {
    table: 'ratings',
    column: 'user_id',
    export: { file: 'avaliacoes.json' },
    retire: 'keep',
    because: 'a avaliação pública fica, assinada “Pessoa removida”',
  },
  {
    table: 'review_reports',
    column: 'reporter_id',
    export: { file: 'avaliacoes.json' },
    retire: 'delete',
  },
  {
    table: 'questions',
    column: 'author_id',
    export: { file: 'perguntas.json' },
    retire: 'keep',
    because: 'as respostas de outras pessoas dependem da pergunta; fica assinada “Pessoa removida”',
  },
  {
    table: 'question_votes',
    column: 'user_id',
    export: { file: 'perguntas.json' },
    retire: 'keep',
    because: 'um voto é só uma contagem, ligado à conta anônima',
  },
  {
    table: 'post_reports',
    column: 'reporter_id',
    export: { file: 'perguntas.json' },
    retire: 'delete',
  },
  {
    table: 'answers',
    column: 'author_id',
    export: { file: 'respostas.json' },
    retire: 'keep',
    because: 'a resposta pode ter ajudado outras pessoas; fica assinada “Pessoa removida”',
  },
  { table: 'lecture_notes', column: 'user_id', export: { file: 'notas.json' }, retire: 'delete' },
  {
    table: 'notifications',
    column: 'user_id',
    export: { file: 'notificacoes.json' },
    retire: 'delete',
  },
  {
    table: 'notifications',
    column: 'actor_id',
    export: { skip: 'notificações de outras pessoas, que só citam quem agiu' },
    retire: 'unlink',
  },
  {
    table: 'certificates',
    column: 'user_id',
    export: { file: 'certificados.json' },
    retire: 'keep',
    because:
      'a verificação do certificado continua respondendo que foi emitido, sem o nome do titular',
  },
  {
    table: 'quiz_attempts',
    column: 'user_id',
    export: { file: 'questionarios.json' },
    retire: 'delete',
  },
  {
    table: 'coupon_redemptions',
    column: 'user_id',
    export: { file: 'cupons-usados.json' },
    retire: 'keep',
    because: 'o uso conta no limite do cupom e no valor da venda',
  },
  {
    table: 'revoked_sessions',
    column: 'user_id',
    export: { file: 'sessoes.json' },
    retire: 'delete',
  },
  {
    table: 'password_reset_tokens',
    column: 'user_id',
    export: { file: 'sessoes.json' },
    retire: 'delete',
  },
  {
    table: 'mail_opt_outs',
    column: 'user_id',
    export: { file: 'consentimentos.json' },
    retire: 'delete',
  },
  {
    table: 'privacy_requests',
    column: 'user_id',
    export: { file: 'pedidos-de-privacidade.json' },
    retire: 'keep',
    because: 'o registro dos pedidos e dos prazos é a prova de que foram atendidos',
  },
  {
    table: 'courses',
    column: 'educator_id',
    export: { file: 'cursos.json' },
    retire: 'keep',
    because: 'só chega aqui sem alunos e sem publicar; as vendas antigas apontam para o curso',
  },
  {
    table: 'course_publications',
    column: 'educator_id',
    export: { file: 'cursos.json' },
    retire: 'keep',
    because: 'datas de publicação, sem dado pessoal além da conta anônima',
  },
  {
    table: 'educator_daily_totals',
    column: 'educator_id',
    export: { file: 'vendas.json' },
    retire: 'keep',
    because: 'totais do extrato, que o livro-caixa mantém',
  },
  {
    table: 'educator_ledger_days',
    column: 'educator_id',
    export: { file: 'vendas.json' },
    retire: 'keep',
    because: 'totais do livro-caixa, que a lei fiscal exige manter',
  },
  {
    table: 'account_sessions',
    column: 'user_id',
    export: { file: 'sessoes.json' },
    retire: 'delete',
  },
  {
    table: 'email_verification_tokens',
    column: 'user_id',
    export: { file: 'sessoes.json' },
    retire: 'delete',
  },
  {
    table: 'mail_consents',
    column: 'user_id',
    export: { file: 'consentimentos.json' },
    retire: 'keep',
    because: 'o registro do consentimento é a prova de que cada e-mail foi enviado com permissão',
  },
  {
    table: 'two_step_secrets',
    column: 'user_id',
    export: { skip: 'o segredo da verificação em duas etapas não sai da plataforma' },
    retire: 'delete',
  },
  {
    table: 'two_step_recovery_codes',
    column: 'user_id',
    export: { skip: 'códigos de recuperação, mantidos só como hash' },
    retire: 'delete',
  },
  {
    table: 'sign_in_challenges',
    column: 'user_id',
    export: { skip: 'desafios de entrada que vencem em minutos, sem conteúdo' },
    retire: 'delete',
  },
  {
    table: 'audit_log',
    column: 'actor_id',
    export: { skip: 'o registro de auditoria é da operação da plataforma, não dos seus dados' },
    retire: 'keep',
    because: 'o registro de auditoria não pode ser alterado: prova quem fez o quê na operação',
  },
  {
    table: 'payout_profiles',
    column: 'educator_id',
    export: { file: 'repasses.json' },
    retire: 'delete',
  },
  {
    table: 'payouts',
    column: 'educator_id',
    export: { file: 'repasses.json' },
    retire: 'keep',
    because: 'cada repasse é um registro fiscal do pagamento feito',
  },
  {
    table: 'payout_entries',
    column: 'educator_id',
    export: { file: 'repasses.json' },
    retire: 'keep',
    because: 'o livro dos repasses, que a lei fiscal exige manter',
  },
  {
    table: 'videos',
    column: 'owner_id',
    export: { file: 'cursos.json' },
    retire: 'keep',
    because: 'os vídeos pertencem aos cursos, que ficam para quem já os comprou',
  },
  {
    table: 'educator_applications',
    column: 'user_id',
    export: { file: 'candidatura-educador.json' },
    retire: 'delete',
  },
  {
    table: 'deleted_accounts',
    column: 'user_id',
    export: { skip: 'só existe para uma conta já excluída, que não pede mais exportações' },
    retire: 'keep',
    because: 'impede que um token antigo do Clerk recrie a conta',
  },
];

/** Columns never written into the export: secrets, and bytes that go in files of their own. */
export const UNEXPORTED_COLUMNS: ReadonlySet<string> = new Set([
  'password_hash',
  'token_hash',
  // Sealed payout details (ciphertext) and two-step secrets and hashes.
  'sealed',
  'secret',
  'code_hash',
  'challenge_hash',
  'download_token',
  'session_version',
  'search_vector',
]);
