import { z } from 'zod';
import { textSchema } from './text-schemas';

export const QUIZ_KINDS = ['single', 'multiple', 'truefalse'] as const;
export type QuizKind = (typeof QUIZ_KINDS)[number];

import {
  QUIZ_MAX_ATTEMPTS_LIMIT,
  QUIZ_OPTIONS_MAX,
  QUIZ_PASS_PERCENT_DEFAULT,
  QUIZ_QUESTIONS_MAX,
} from './rules/quiz-limits';

export { QUIZ_MAX_ATTEMPTS_LIMIT, QUIZ_OPTIONS_MAX, QUIZ_PASS_PERCENT_DEFAULT, QUIZ_QUESTIONS_MAX };

const idSchema = (field: string) =>
  textSchema({ field }).max(100, `${field} é inválido`).optional();

export const quizOptionInputSchema = z.object({
  optionId: idSchema('O identificador da opção'),
  text: textSchema({ field: 'O texto da opção', typeError: 'Texto de opção inválido', trim: true })
    .min(1, 'Cada opção precisa de um texto')
    .max(500, 'O texto da opção deve ter no máximo 500 caracteres'),
  correct: z.boolean({ error: 'Indique se a opção está correta' }),
});

export const quizQuestionInputSchema = z
  .object({
    questionId: idSchema('O identificador da pergunta'),
    prompt: textSchema({
      field: 'O enunciado da pergunta',
      typeError: 'Enunciado inválido',
      multiline: true,
      trim: true,
    })
      .min(1, 'Cada pergunta precisa de um enunciado')
      .max(2000, 'O enunciado deve ter no máximo 2000 caracteres'),
    kind: z.enum(QUIZ_KINDS, { error: 'Tipo de pergunta inválido' }),
    options: z
      .array(quizOptionInputSchema, { error: 'Opções inválidas' })
      .min(2, 'Cada pergunta precisa de pelo menos 2 opções')
      .max(QUIZ_OPTIONS_MAX, `Uma pergunta pode ter no máximo ${QUIZ_OPTIONS_MAX} opções`),
    explanation: textSchema({
      field: 'A explicação',
      typeError: 'Explicação inválida',
      multiline: true,
      trim: true,
    })
      .max(2000, 'A explicação deve ter no máximo 2000 caracteres')
      .default(''),
  })
  .superRefine((question, ctx) => {
    const correct = question.options.filter((option) => option.correct).length;
    if (question.kind === 'truefalse' && question.options.length !== 2) {
      ctx.addIssue({
        code: 'custom',
        path: ['options'],
        message: 'Uma pergunta de verdadeiro ou falso tem exatamente 2 opções',
      });
    }
    if (question.kind !== 'multiple' && correct !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['options'],
        message: 'Esta pergunta precisa de exatamente uma opção correta',
      });
    }
    if (question.kind === 'multiple' && correct < 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['options'],
        message: 'Marque pelo menos uma opção correta',
      });
    }
  });

/** A chapter's quiz as the educator's add and edit calls send it; ids missing are assigned. */
export const quizInputSchema = z.object({
  quizId: idSchema('O identificador do questionário'),
  title: textSchema({ field: 'O título do questionário', typeError: 'Título inválido', trim: true })
    .min(1, 'O questionário precisa de um título')
    .max(200, 'O título do questionário deve ter no máximo 200 caracteres'),
  passPercent: z
    .number({ error: 'A nota mínima deve ser um número' })
    .int('A nota mínima deve ser um número inteiro')
    .min(1, 'A nota mínima deve estar entre 1 e 100')
    .max(100, 'A nota mínima deve estar entre 1 e 100')
    .default(QUIZ_PASS_PERCENT_DEFAULT),
  /** null: unlimited attempts. */
  maxAttempts: z
    .number({ error: 'O número de tentativas deve ser um número' })
    .int('O número de tentativas deve ser inteiro')
    .min(1, `As tentativas devem estar entre 1 e ${QUIZ_MAX_ATTEMPTS_LIMIT}, ou ilimitadas`)
    .max(
      QUIZ_MAX_ATTEMPTS_LIMIT,
      `As tentativas devem estar entre 1 e ${QUIZ_MAX_ATTEMPTS_LIMIT}, ou ilimitadas`,
    )
    .nullable()
    .default(null),
  required: z.boolean({ error: 'Indique se o questionário é obrigatório' }).default(true),
  questions: z
    .array(quizQuestionInputSchema, { error: 'Perguntas inválidas' })
    .min(1, 'O questionário precisa de pelo menos uma pergunta')
    .max(QUIZ_QUESTIONS_MAX, `Um questionário pode ter no máximo ${QUIZ_QUESTIONS_MAX} perguntas`),
});
export type QuizInput = z.input<typeof quizInputSchema>;
export type ParsedQuizInput = z.infer<typeof quizInputSchema>;

/** A quiz as stored and as its educator reads it: every id assigned, correctness and explanations. */
export const quizOptionSchema = z.object({
  optionId: z.string(),
  text: z.string(),
  correct: z.boolean(),
});
export const quizQuestionSchema = z.object({
  questionId: z.string(),
  prompt: z.string(),
  kind: z.enum(QUIZ_KINDS),
  options: z.array(quizOptionSchema),
  explanation: z.string(),
});
export type QuizQuestion = z.infer<typeof quizQuestionSchema>;
export const quizSchema = z.object({
  quizId: z.string(),
  title: z.string(),
  passPercent: z.number().int().min(1).max(100),
  maxAttempts: z.number().int().min(1).max(QUIZ_MAX_ATTEMPTS_LIMIT).nullable(),
  required: z.boolean(),
  /** Raised whenever a question, an option or what is correct changes. */
  version: z.number().int().min(1),
  questions: z.array(quizQuestionSchema),
});
export type Quiz = z.infer<typeof quizSchema>;

/**
 * What every learner-facing course read carries in a chapter: enough to show the quiz as the
 * chapter's last item, nothing that answers it.
 */
export const quizSummarySchema = z.object({
  quizId: z.string(),
  title: z.string(),
  passPercent: z.number().int(),
  maxAttempts: z.number().int().nullable(),
  required: z.boolean(),
  questionCount: z.number().int().min(0),
});
export type QuizSummary = z.infer<typeof quizSummarySchema>;

/** GET /api/course/:courseId/quizzes/:quizId: no correct flags, no explanations. */
export const learnerQuizSchema = z.object({
  quizId: z.string(),
  title: z.string(),
  passPercent: z.number().int(),
  maxAttempts: z.number().int().nullable(),
  required: z.boolean(),
  version: z.number().int(),
  questions: z.array(
    z.object({
      questionId: z.string(),
      prompt: z.string(),
      kind: z.enum(QUIZ_KINDS),
      options: z.array(z.object({ optionId: z.string(), text: z.string() })),
    }),
  ),
  /** null: unlimited. */
  attemptsLeft: z.number().int().min(0).nullable(),
  /** null before the first attempt. */
  bestScore: z.number().int().min(0).max(100).nullable(),
  passed: z.boolean(),
});
export type LearnerQuiz = z.infer<typeof learnerQuizSchema>;

export const learnerQuizResponseSchema = z.object({
  success: z.literal(true),
  quiz: learnerQuizSchema,
});
export type LearnerQuizResponse = z.infer<typeof learnerQuizResponseSchema>;

export const quizAnswerSchema = z.object({
  questionId: textSchema({ field: 'O identificador da pergunta', typeError: 'Pergunta inválida' })
    .min(1, 'Pergunta inválida')
    .max(100, 'Pergunta inválida'),
  optionIds: z
    .array(
      textSchema({ field: 'O identificador da opção', typeError: 'Opção inválida' })
        .min(1, 'Opção inválida')
        .max(100, 'Opção inválida'),
      { error: 'Opções escolhidas inválidas' },
    )
    .max(QUIZ_OPTIONS_MAX, 'Opções escolhidas a mais'),
});
export type QuizAnswer = z.infer<typeof quizAnswerSchema>;

export const quizAttemptRequestSchema = z.object({
  answers: z
    .array(quizAnswerSchema, { error: 'Respostas inválidas' })
    .max(QUIZ_QUESTIONS_MAX, 'Respostas a mais'),
});
export type QuizAttemptRequest = z.infer<typeof quizAttemptRequestSchema>;

export const quizQuestionResultSchema = z.object({
  questionId: z.string(),
  correct: z.boolean(),
  explanation: z.string(),
  /** Sent with every result (results come only after a pass or the last attempt allowed). */
  correctOptionIds: z.array(z.string()).optional(),
});
export type QuizQuestionResult = z.infer<typeof quizQuestionResultSchema>;

export const quizAttemptSchema = z.object({
  attemptId: z.string(),
  attemptNumber: z.number().int().min(1),
  version: z.number().int().min(1),
  score: z.number().int().min(0).max(100),
  passed: z.boolean(),
  attemptsLeft: z.number().int().min(0).nullable(),
  /** Empty until the learner passed or used the last attempt allowed (`revealsAnswers`). */
  results: z.array(quizQuestionResultSchema),
  submittedAt: z.string(),
});
export type QuizAttempt = z.infer<typeof quizAttemptSchema>;

export const quizAttemptResponseSchema = z.object({
  success: z.literal(true),
  attempt: quizAttemptSchema,
});
export type QuizAttemptResponse = z.infer<typeof quizAttemptResponseSchema>;

/** GET …/attempts: the caller's own, oldest first, without answers' correctness beyond the score. */
export const quizAttemptListResponseSchema = z.object({
  success: z.literal(true),
  attempts: z.array(
    z.object({
      attemptId: z.string(),
      attemptNumber: z.number().int().min(1),
      version: z.number().int().min(1),
      score: z.number().int().min(0).max(100),
      passed: z.boolean(),
      submittedAt: z.string(),
    }),
  ),
});

export const quizStatsSchema = z.object({
  quizId: z.string(),
  title: z.string(),
  chapterTitle: z.string(),
  attempts: z.number().int().min(0),
  learners: z.number().int().min(0),
  /** Percent (0..100, floored) of attempts that passed. */
  passRate: z.number().int().min(0).max(100),
  averageScore: z.number().int().min(0).max(100),
  mostMissed: z.array(
    z.object({ questionId: z.string(), prompt: z.string(), missed: z.number().int().min(1) }),
  ),
});
export type QuizStats = z.infer<typeof quizStatsSchema>;

export const quizStatsResponseSchema = z.object({
  success: z.literal(true),
  courseTitle: z.string(),
  quizzes: z.array(quizStatsSchema),
});
export type QuizStatsResponse = z.infer<typeof quizStatsResponseSchema>;
