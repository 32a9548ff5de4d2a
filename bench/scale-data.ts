/**
 * The scale data set of issue 48 on PostgreSQL: 20,000 courses by 2,000 educators, 200,000
 * learners, a million paid enrollments with their ledger, five million completed lectures and
 * positions, questions, notifications, quiz attempts and certificates; reused while the version
 * stored in the bench's own table matches.
 *
 * Two ways to build the same rows. Through the product's triggers (`triggers`), as the app would
 * write them: kept as the reference the bulk way is checked against (scale-data.test.ts in the
 * server's tests). In bulk (`bulk`, what the bench uses): the activity tables are loaded with the
 * product's row triggers off and their indexes dropped, then every total those triggers keep is
 * computed in one statement per table and the indexes are built once over the loaded rows.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../server/src/db/client';
import { migrate } from '../server/src/db/migrate';

/** Bumped whenever the shape of the data set changes: a database built at another one is rebuilt. */
export const SCALE_DATA_VERSION = 5;

/** Everything the budgets name, by id: learner 1 has 300 courses, educator 1 has 200,000 students. */
export function scaleOf(fraction: number) {
  const part = (n: number) => Math.max(1, Math.round(n * fraction));
  return {
    /** Below 1 only to try the builder quickly: the budgets are measured on the whole set. */
    fraction,
    educators: part(2_000),
    learners: part(200_000),
    courses: part(20_000),
    /** Educator 1's courses are courses 1..10; every learner is enrolled in one of them. */
    coursesPerEducator: 10,
    chapters: 2,
    lecturesPerChapter: 5,
    /** Besides their course of educator 1, each learner but the first has this many. */
    otherCoursesPerLearner: 4,
    /** The learner with a shelf of 300 courses. */
    busyLearnerCourses: 300,
    /** Learners 1..certificates completed their course of educator 1 and hold its certificate. */
    certificates: part(50_000),
    /** Lectures completed in each other enrollment (every lecture for the certified ones). */
    completedPerEnrollment: 5,
    questions: part(200_000),
    /** On course 1's first lecture. */
    questionsOnOneLecture: part(20_000),
    notificationsPerLearner: 5,
    /** Learners 1..quizAttempts attempted the quiz of their course of educator 1 once. */
    quizAttempts: part(100_000),
  };
}
export type Scale = ReturnType<typeof scaleOf>;

export const SCALE = scaleOf(Number(process.env.BENCH_SCALE_FRACTION ?? 1));

export const learnerId = (n: number) => `usr_scale_l${n}`;
export const educatorId = (n: number) => `usr_scale_e${n}`;
/**
 * A stable id from a seed: md5's hex with the version (4) and variant (8) digits set, since the
 * API's zod uuid() refuses any other (a raw md5 passes for a uuid only in PostgreSQL).
 */
const uuidSql = (seed: string) =>
  `overlay(overlay(md5(${seed}) placing '4' from 13) placing '8' from 17)::uuid`;
export const uuidOf = (seed: string) => {
  const hex = createHash('md5').update(seed).digest('hex');
  const v = `${hex.slice(0, 12)}4${hex.slice(13, 16)}8${hex.slice(17)}`;
  return `${v.slice(0, 8)}-${v.slice(8, 12)}-${v.slice(12, 16)}-${v.slice(16, 20)}-${v.slice(20)}`;
};
/** Course n's id, as the SQL below derives it. */
export const courseIdSql = (n: string) => uuidSql(`'scale-course-' || ${n}`);
export const courseIdOf = (n: number) => uuidOf(`scale-course-${n}`);
export const lectureId = (course: number, chapter: number, lecture: number) =>
  `l${course}-${chapter}-${lecture}`;
/** Learner n's course of educator 1. */
export const educatorOneCourseOf = (learner: number) => ((learner - 1) % 10) + 1;
/** The lecture with 20,000 questions. */
export const CROWDED_LECTURE = { course: 1, lectureId: lectureId(1, 1, 1) };

const TOPICS = [
  'Python',
  'JavaScript',
  'React',
  'Node.js',
  'TypeScript',
  'SQL',
  'Excel',
  'Docker',
  'Kubernetes',
  'Java',
  'Marketing Digital',
  'Gestão de Projetos',
  'Cibersegurança',
  'Design de Interfaces',
  'Análise de Dados',
  'Finanças Pessoais',
  'Fotografia',
  'Liderança',
  'Flutter',
  'Machine Learning',
];
const SHAPES = ['%s do Zero', '%s Avançado', '%s na Prática', 'Introdução a %s', '%s para Equipas'];
const FIRST_NAMES = ['Ana', 'João', 'Maria', 'José', 'Inês', 'Rui', 'Beatriz', 'Tiago', 'Sofia'];
const LAST_NAMES = ['Silva', 'Conceição', 'Gonçalves', 'Araújo', 'Pereira', 'Lopes', 'Sá'];
const CATEGORIES = [
  'programacao',
  'dados-ia',
  'design',
  'negocios',
  'marketing',
  'seguranca',
  'infraestrutura-cloud',
  'carreira',
];
const LEVELS = ['iniciante', 'intermediario', 'avancado'];

const textArray = (words: readonly string[]) =>
  `'{${words.map((word) => `"${word}"`).join(',')}}'::text[]`;

/** Connections loading at once: the machine's cores, where the steps allow. */
const WORKERS = Number(process.env.BENCH_SCALE_WORKERS ?? 2);

/** The table the bench keeps beside the product's: which version of the data set is loaded. */
const META_TABLE = 'bench_scale_data';

/**
 * How the bench builds the set. Not COPY: the rows are made on the server (generate_series, md5
 * ids), and COPY FROM STDIN would only add a trip out through a client and back in as text to
 * parse. Measured on this machine (2 cores, load about 6) with 526,475 lecture_progress rows
 * already on the server, into a table without indexes or triggers: INSERT … SELECT 1.05 and
 * 1.19 s, `COPY (SELECT …) TO STDOUT | COPY … FROM STDIN` 2.04 and 2.35 s.
 */
const BULK_METHOD =
  'INSERT … SELECT generate_series on the server (COPY FROM STDIN of the same rows measured 2× slower), ' +
  'row triggers and indexes off during the load, the triggers’ totals computed after in one statement each';

export interface ScaleDataInfo {
  version: number;
  /** True when this run built it; false when an earlier build was reused. */
  built: boolean;
  buildSeconds: number;
  /** Rows per table, counted after the build. */
  rows: Record<string, number>;
  /** How the rows were made. */
  method: string;
}

const COUNTED_TABLES = [
  'users',
  'courses',
  'enrollments',
  'purchases',
  'ledger_entries',
  'lecture_progress',
  'lecture_positions',
  'questions',
  'answers',
  'notifications',
  'quiz_attempts',
  'certificates',
] as const;

/**
 * `triggers`: every row through the product's triggers, as the app writes them. `bulk`: the
 * activity tables without row triggers or indexes, and the triggers' totals computed after.
 */
export type BuildMethod = 'triggers' | 'bulk';

/**
 * The steps, in the order that keeps the triggers cheap: completed lectures go in before the
 * enrollments, so their row trigger finds no enrollment and only counts the learner's own total,
 * and the enrollments' statement trigger then counts every lecture's completions in one join.
 * Purchases come last of the money: their triggers write each sale's ledger rows and sums.
 */
interface Step {
  name: string;
  /** Statements the step is cut into, through the triggers and in bulk. */
  chunks: Record<BuildMethod, number>;
  /**
   * Chunks may run at once on WORKERS connections: through the triggers they touch disjoint rows
   * of every total; in bulk nothing is shared but the table.
   */
  parallel?: boolean;
  /** Small tables whose insert triggers are cheap (the courses' fills the search lexicon). */
  alwaysThroughTriggers?: boolean;
  sql: (chunk: number, of: number) => string;
}

/**
 * `at` stands for "now" in every row: one moment for the whole build, so that the two ways of
 * building make the same timestamps and a learner's lectures follow their enrollment to the
 * second whichever statement wrote them.
 */
function steps(s: Scale, at: Date, method: BuildMethod): Step[] {
  const now = `'${at.toISOString()}'::timestamptz`;
  const lectures = s.chapters * s.lecturesPerChapter;
  const range = (total: number, chunk: number, of: number) => {
    const size = Math.ceil(total / of);
    return [chunk * size + 1, Math.min(total, (chunk + 1) * size)] as const;
  };
  // Every enrollment (learner, course number), in one place: the learner's course of educator 1,
  // four more among the other courses (distinct for a learner: 7, 14, 21 apart modulo 19,990),
  // and the busy learner's 299.
  const others = s.courses - s.coursesPerEducator;
  const enrollmentsOf = (lo: number, hi: number) => `
    select l, ((l - 1) % ${s.coursesPerEducator}) + 1 as c, 0 as k
      from generate_series(${lo}, ${hi}) l
    union all
    select l, ${s.coursesPerEducator + 1} + ((l * ${s.otherCoursesPerLearner} + k) * 7) % ${others}, k + 1
      from generate_series(greatest(${lo}, 2), ${hi}) l,
        generate_series(0, ${s.otherCoursesPerLearner - 1}) k
    union all
    select 1, ${s.coursesPerEducator + 1} + (k * 67) % ${others}, k + 1
      from generate_series(0, ${s.busyLearnerCourses - 2}) k where ${lo} = 1`;
  // When learner l enrolled in their k-th course: spread over the last 360 days, and at least 40
  // days ago for the first, so the certified learners' guarantees are over.
  const enrolledAt = (l: string, k: string) =>
    `${now} - make_interval(days => 40 + ((${l} * 13 + ${k} * 101) % 320), secs => (${l} * 7 + ${k}) % 86400)`;
  // Lectures completed in an enrollment: all of them for the certified, otherwise the first few.
  const completed = (l: string, k: string) =>
    `case when ${k} = 0 and ${l} <= ${s.certificates} then ${lectures} else ${s.completedPerEnrollment} end`;
  const lectureOf = (c: string, i: string) =>
    `'l' || ${c} || '-' || (1 + (${i} - 1) / ${s.lecturesPerChapter}) || '-' || (1 + (${i} - 1) % ${s.lecturesPerChapter})`;

  // What the purchases' BEFORE trigger (purchase_refundable_until) sets when the row comes
  // without one: the guarantee from completion, through the product's own refund_window_days.
  const refundableUntil = (completedAt: string, guaranteeDays: string) =>
    method === 'bulk'
      ? `${completedAt} + make_interval(days => refund_window_days(${guaranteeDays}, 'aoa'))`
      : 'null';
  return [
    {
      name: 'users',
      chunks: { triggers: 1, bulk: 1 },
      alwaysThroughTriggers: true,
      sql: () => `
        insert into users (id, name, email, role, created_at)
        select 'usr_scale_e' || g,
          (${textArray(FIRST_NAMES)})[1 + g % ${FIRST_NAMES.length}] || ' ' ||
            (${textArray(LAST_NAMES)})[1 + (g / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}],
          'educador' || g || '@scale.test', 'educator', ${now} - interval '2 years'
        from generate_series(1, ${s.educators}) g;
        insert into users (id, name, email, created_at)
        select 'usr_scale_l' || g,
          (${textArray(FIRST_NAMES)})[1 + (g * 7) % ${FIRST_NAMES.length}] || ' ' ||
            (${textArray(LAST_NAMES)})[1 + g % ${LAST_NAMES.length}] || ' ' || g,
          'aluno' || g || '@scale.test', ${now} - interval '1 year'
        from generate_series(1, ${s.learners}) g;`,
    },
    {
      name: 'courses',
      chunks: { triggers: 1, bulk: 1 },
      alwaysThroughTriggers: true,
      sql: () => `
        insert into courses (id, educator_id, title, description_html, thumbnail_url, price,
          discount, status, content, guarantee_days, category, level, created_at)
        select ${courseIdSql('g')}, 'usr_scale_e' || (1 + (g - 1) / ${s.coursesPerEducator}),
          replace((${textArray(SHAPES)})[1 + (g / ${TOPICS.length}) % ${SHAPES.length}], '%s',
            (${textArray(TOPICS)})[1 + g % ${TOPICS.length}]) || ' ' || g,
          '<h2>Sobre o curso</h2><p>Aprenda ' || (${textArray(TOPICS)})[1 + (g * 7) % ${TOPICS.length}] ||
            ' com <strong>exercícios</strong> e projetos reais.</p><ul><li>Boas práticas da indústria</li></ul>',
          '/course-thumbnails/scale.webp', 9.9 + (g % 90), (g % 4) * 10,
          case when g > ${s.coursesPerEducator} and g % 97 = 0 then 'draft' else 'published' end,
          (select jsonb_agg(jsonb_build_object(
              'chapterId', 'ch' || g || '-' || ch, 'chapterTitle', 'Módulo ' || ch,
              'chapterOrder', ch,
              'chapterContent', (select jsonb_agg(jsonb_build_object(
                  'lectureId', 'l' || g || '-' || ch || '-' || le,
                  'lectureTitle', 'Aula ' || le || ' do módulo ' || ch,
                  'lectureDuration', 300 + (g + le * 37) % 900,
                  'lectureUrl', 'https://www.youtube.com/watch?v=rfscVS0vtbw',
                  'isPreviewFree', ch = 1 and le = 1, 'lectureOrder', le) order by le)
                from generate_series(1, ${s.lecturesPerChapter}) le))
              || case when g <= ${s.coursesPerEducator} and ch = 1 then jsonb_build_object('quiz',
                jsonb_build_object('quizId', 'q' || g, 'title', 'Revisão do módulo 1', 'passPercent', 70,
                  'maxAttempts', null, 'required', false, 'questionCount', 1))
                else '{}'::jsonb end
            order by ch) from generate_series(1, ${s.chapters}) ch),
          7 + g % 24,
          (${textArray(CATEGORIES)})[1 + g % ${CATEGORIES.length}],
          (${textArray(LEVELS)})[1 + g % ${LEVELS.length}],
          ${now} - interval '400 days' + g * interval '25 minutes'
        from generate_series(1, ${s.courses}) g;`,
    },
    {
      name: 'quizzes',
      chunks: { triggers: 1, bulk: 1 },
      alwaysThroughTriggers: true,
      sql: () => `
        insert into quizzes (course_id, quiz_id, chapter_id, title, pass_percent, max_attempts,
          required, version, updated_at)
        select ${courseIdSql('g')}, 'q' || g, 'ch' || g || '-1', 'Revisão do módulo 1', 70, null,
          false, 1, ${now}
        from generate_series(1, ${s.coursesPerEducator}) g;
        insert into quiz_versions (course_id, quiz_id, version, pass_percent, created_at, questions)
        select ${courseIdSql('g')}, 'q' || g, 1, 70, ${now}, jsonb_build_array(jsonb_build_object(
          'questionId', 'qq1', 'prompt', 'Qual destas afirmações está correta?', 'kind', 'single',
          'explanation', '', 'options', jsonb_build_array(
            jsonb_build_object('optionId', 'o1', 'text', 'A primeira', 'correct', true),
            jsonb_build_object('optionId', 'o2', 'text', 'A segunda', 'correct', false))))
        from generate_series(1, ${s.coursesPerEducator}) g;`,
    },
    {
      name: 'lecture_progress',
      chunks: { triggers: 20, bulk: 4 },
      parallel: true,
      sql: (chunk, of) => {
        const [lo, hi] = range(s.learners, chunk, of);
        return `
        insert into lecture_progress (user_id, course_id, lecture_id, completed_at)
        select 'usr_scale_l' || e.l, ${courseIdSql('e.c')}, ${lectureOf('e.c', 'i')},
          ${enrolledAt('e.l', 'e.k')} + i * interval '1 day'
        from (${enrollmentsOf(lo, hi)}) e
        cross join lateral generate_series(1, ${completed('e.l', 'e.k')}) i;`;
      },
    },
    {
      name: 'enrollments',
      // Through the triggers one statement: its trigger then adds to each course's student_count
      // once, and an update of a course recomputes its generated search documents (about a
      // millisecond each).
      chunks: { triggers: 1, bulk: 4 },
      parallel: true,
      sql: (chunk, of) => {
        const [lo, hi] = range(s.learners, chunk, of);
        return `
        insert into enrollments (user_id, course_id, enrolled_at, lectures_served_at)
        select 'usr_scale_l' || e.l, ${courseIdSql('e.c')}, ${enrolledAt('e.l', 'e.k')},
          ${enrolledAt('e.l', 'e.k')}
        from (${enrollmentsOf(lo, hi)}) e;`;
      },
    },
    {
      name: 'purchases',
      // By course, in whole educators (50 of them a chunk): two chunks at once never add to the
      // same educator's or course's running sums, so neither waits for the other's locks. In bulk
      // each chunk reads the whole of enrollments (its course index is dropped): two chunks.
      chunks: { triggers: 40, bulk: 2 },
      parallel: true,
      sql: (chunk, of) => {
        const [first, last] = range(s.educators, chunk, of);
        const [lo, hi] = [(first - 1) * s.coursesPerEducator + 1, last * s.coursesPerEducator];
        return `
        insert into purchases (user_id, course_id, amount, platform_fee, currency, status, provider,
          method, created_at, completed_at, refundable_until)
        select e.user_id, e.course_id, p.amount, round(p.amount * 0.1, 2), 'aoa', 'completed',
          'sandbox', 'card', e.enrolled_at, e.enrolled_at, ${refundableUntil('e.enrolled_at', 'c.guarantee_days')}
        from generate_series(${lo}, ${hi}) g
        join courses c on c.id = ${courseIdSql('g')}
        join enrollments e on e.course_id = c.id
        cross join lateral (select round(c.price * (100 - c.discount) / 100, 2) as amount) p;`;
      },
    },
    {
      name: 'lecture_positions',
      // In bulk each chunk reads the whole of lecture_progress (its key is dropped): two chunks.
      chunks: { triggers: 10, bulk: 2 },
      parallel: true,
      sql: (chunk, of) => {
        const [lo, hi] = range(s.learners, chunk, of);
        return `
        insert into lecture_positions (user_id, course_id, lecture_id, seconds, updated_at)
        select user_id, course_id, lecture_id, 120, completed_at
        from lecture_progress
        where user_id in (select 'usr_scale_l' || g from generate_series(${lo}, ${hi}) g);`;
      },
    },
    {
      name: 'questions',
      chunks: { triggers: 1, bulk: 1 },
      // Course 1's first lecture gets 20,000 from its own learners; the rest go round the courses.
      sql: () => `
        insert into questions (id, course_id, lecture_id, author_id, title, body, upvotes,
          created_at, updated_at)
        select ${uuidSql("'scale-question-' || q")},
          case when q <= ${s.questionsOnOneLecture} then ${courseIdSql('1')}
            else ${courseIdSql(`(${s.coursesPerEducator + 1} + q % ${others})`)} end,
          case when q <= ${s.questionsOnOneLecture} then '${CROWDED_LECTURE.lectureId}'
            else 'l' || (${s.coursesPerEducator + 1} + q % ${others}) || '-1-' || (1 + q % ${s.lecturesPerChapter}) end,
          case when q <= ${s.questionsOnOneLecture}
            then 'usr_scale_l' || (1 + ((q - 1) * 10) % ${s.learners})
            else 'usr_scale_l' || (1 + (q * 13) % ${s.learners}) end,
          'Dúvida sobre ' || (${textArray(TOPICS)})[1 + q % ${TOPICS.length}] || ' número ' || q,
          'Não percebi a parte do exemplo ' || q || '. Alguém pode explicar outra vez?',
          q % 7, ${now} - make_interval(mins => q * 2), ${now} - make_interval(mins => q * 2)
        from generate_series(1, ${s.questions}) q;
        insert into answers (id, question_id, author_id, body, created_at, updated_at)
        select ${uuidSql("'scale-answer-' || q")}, ${uuidSql("'scale-question-' || q")}, c.educator_id,
          'Boa pergunta: veja o exemplo do minuto 3, onde explico o passo a passo.',
          ${now} - make_interval(mins => q * 2 - 1), ${now} - make_interval(mins => q * 2 - 1)
        from generate_series(1, ${s.questions}) q
        join courses c on c.id = case when q <= ${s.questionsOnOneLecture} then ${courseIdSql('1')}
          else ${courseIdSql(`(${s.coursesPerEducator + 1} + q % ${others})`)} end;
        update questions q set accepted_answer_id = a.id from answers a
          where a.question_id = q.id and q.upvotes % 2 = 0;`,
    },
    {
      name: 'notifications',
      chunks: { triggers: 5, bulk: 4 },
      parallel: true,
      // Each learner is told of five answers; the older three are read.
      sql: (chunk, of) => {
        const [lo, hi] = range(s.learners, chunk, of);
        return `
        insert into notifications (user_id, kind, question_id, answer_id, subject_id, actor_id,
          read_at, created_at)
        select 'usr_scale_l' || l, 'answer', ${uuidSql("'scale-question-' || a")},
          ${uuidSql("'scale-answer-' || a")}, ${uuidSql("'scale-answer-' || a")}, null,
          case when k >= 2 then ${now} - make_interval(days => k) end,
          ${now} - make_interval(days => k, secs => l % 86400)
        from generate_series(${lo}, ${hi}) l,
          generate_series(0, ${s.notificationsPerLearner - 1}) k,
          lateral (select 1 + ((l - 1) * ${s.notificationsPerLearner} + k) % ${s.questions} as a) x;`;
      },
    },
    {
      name: 'quiz_attempts',
      chunks: { triggers: 1, bulk: 1 },
      sql: () => `
        insert into quiz_attempts (user_id, course_id, quiz_id, version, attempt_number, score,
          passed, answers, results, created_at)
        select 'usr_scale_l' || l, ${courseIdSql(`(((l - 1) % ${s.coursesPerEducator}) + 1)`)},
          'q' || (((l - 1) % ${s.coursesPerEducator}) + 1), 1, 1,
          case when l % 4 = 0 then 0 else 100 end, l % 4 <> 0,
          jsonb_build_array(jsonb_build_object('questionId', 'qq1', 'optionIds',
            jsonb_build_array(case when l % 4 = 0 then 'o2' else 'o1' end))),
          jsonb_build_array(jsonb_build_object('questionId', 'qq1', 'correct', l % 4 <> 0)),
          ${now} - make_interval(days => 30, secs => l)
        from generate_series(1, ${s.quizAttempts}) l;`,
    },
    {
      name: 'certificates',
      chunks: { triggers: 1, bulk: 1 },
      sql: () => `
        insert into certificates (id, user_id, course_id, learner_name, course_title, educator_name,
          hours, completed_at, issued_at)
        select translate(rtrim(encode(decode(md5('scale-certificate-' || l), 'hex'), 'base64'), '='), '+/', '-_'),
          u.id, c.id, u.name, c.title, ed.name, 1.5, ${now} - interval '20 days', ${now} - interval '20 days'
        from generate_series(1, ${s.certificates}) l
        join users u on u.id = 'usr_scale_l' || l
        join courses c on c.id = ${courseIdSql(`(((l - 1) % ${s.coursesPerEducator}) + 1)`)}
        join users ed on ed.id = c.educator_id;`,
    },
  ];
}

/**
 * The tables whose rows the bulk build loads without row triggers and without indexes: the
 * activity, millions of rows between them. The catalogue (users, courses, quizzes) keeps both.
 * Biggest first, so that their indexes are built first and the workers finish close together.
 */
const BULK_TABLES = [
  'lecture_progress',
  'lecture_positions',
  'enrollments',
  'purchases',
  'ledger_entries',
  'questions',
  'answers',
  'notifications',
  'quiz_attempts',
  'certificates',
];

interface TotalsStatement {
  name: string;
  sql: string;
}

/**
 * What the product's triggers on the loaded tables write, for rows inserted in the steps' order,
 * each as one statement over the loaded rows. Mirrors the latest definition of each trigger
 * function (migrations 0022, 0025, 0029 and after); the scale-data test holds them to it.
 *
 * Two lanes, each in order on a connection of its own: the money (ledger rows first, then their
 * sums) and the learning (independent totals).
 */
const TOTALS: TotalsStatement[][] = [
  [
    {
      // purchase_ledger_entries: a completed sale writes its sale, its coupon discount when the
      // list price was higher, and the platform's fee, in that order of id, available when the
      // refund window closes.
      name: 'ledger_entries',
      sql: `
        insert into ledger_entries (purchase_id, course_id, kind, amount, currency, available_at)
        select p.id, p.course_id, m.kind, m.amount, p.currency, p.refundable_until
        from purchases p
        cross join lateral (select coalesce(p.list_amount, p.amount) as list) l
        cross join lateral (values (1, 'sale', l.list), (2, 'coupon_discount', p.amount - l.list),
            (3, 'fee', -p.platform_fee)) as m(n, kind, amount)
        where p.status = 'completed' and (m.kind <> 'coupon_discount' or l.list > p.amount)
        order by p.ctid, m.n`,
    },
    {
      // ledger_entries_sums, first half.
      name: 'course_ledger_totals',
      sql: `
        insert into course_ledger_totals (course_id, amount, gross, fees, refunded)
        select course_id, sum(amount),
          coalesce(sum(amount) filter (where kind in ('sale', 'coupon_discount')), 0),
          coalesce(-sum(amount) filter (where kind = 'fee'), 0),
          coalesce(-sum(amount) filter (where kind = 'refund'), 0)
        from ledger_entries group by course_id`,
    },
    {
      // ledger_entries_sums, second half.
      name: 'educator_ledger_days',
      sql: `
        insert into educator_ledger_days (educator_id, available_on, amount)
        select c.educator_id, (l.available_at at time zone 'UTC')::date, sum(l.amount)
        from ledger_entries l join courses c on c.id = l.course_id
        group by 1, 2`,
    },
    {
      // educator_daily_earnings_sync (a completed purchase's amount on its day) and
      // enrollments_inserted_totals (an enrollment on its day), on the same rows.
      name: 'educator_daily_totals',
      sql: `
        insert into educator_daily_totals (educator_id, day, enrollments, earnings)
        select educator_id, day, sum(enrollments), sum(earnings)
        from (
          select c.educator_id, (e.enrolled_at at time zone 'UTC')::date as day,
            count(*) as enrollments, 0 as earnings
          from enrollments e join courses c on c.id = e.course_id
          group by 1, 2
          union all
          select c.educator_id, (coalesce(p.completed_at, p.created_at) at time zone 'UTC')::date,
            0, sum(p.amount)
          from purchases p join courses c on c.id = p.course_id
          where p.status = 'completed'
          group by 1, 2
        ) t
        group by 1, 2`,
    },
  ],
  [
    {
      // enrollments_inserted_totals: each course counts its enrollments. The update of a course
      // is stamped by courses_search_xid, which replication role replica leaves off, so the
      // stamp is written here.
      name: 'courses.student_count',
      sql: `
        update courses c set student_count = c.student_count + e.n, search_xid = pg_current_xact_id()
        from (select course_id, count(*)::int as n from enrollments group by course_id) e
        where c.id = e.course_id`,
    },
    {
      // lecture_completion_sync: every completed lecture counts for its learner's course, marked
      // as a refunded learner's when no enrollment stands (enrollments_deleted_totals).
      name: 'learner_course_totals',
      sql: `
        insert into learner_course_totals (user_id, course_id, completed, unenrolled)
        select p.user_id, p.course_id, count(*), e.user_id is null
        from lecture_progress p left join enrollments e using (user_id, course_id)
        group by p.user_id, p.course_id, e.user_id`,
    },
    {
      // learner_course_totals_counts: each course counts its current learners by lectures completed.
      name: 'course_completion_counts',
      sql: `
        insert into course_completion_counts (course_id, completed, learners)
        select course_id, completed, count(*) from learner_course_totals
        where not unenrolled group by 1, 2`,
    },
    {
      // questions_lecture_totals: each lecture counts its questions and the hidden ones.
      name: 'lecture_question_totals',
      sql: `
        insert into lecture_question_totals (course_id, lecture_id, questions, hidden)
        select course_id, lecture_id, count(*), count(*) filter (where hidden_at is not null)
        from questions group by 1, 2`,
    },
    {
      // A completed lecture counts for the lecture while its learner is enrolled: counted by
      // lecture_completion_sync when the enrollment came first, by enrollments_inserted_totals
      // when the lecture did.
      name: 'lecture_completion_totals',
      sql: `
        insert into lecture_completion_totals (course_id, lecture_id, learners)
        select p.course_id, p.lecture_id, count(*)
        from lecture_progress p join enrollments e using (user_id, course_id)
        group by 1, 2`,
    },
  ],
];

interface DroppedIndex {
  drop: string;
  create: string;
}

/**
 * The bulk tables' indexes, dropped so each is built once by sorting the loaded rows rather than
 * grown row by row. A primary key goes too unless a foreign key leans on it (questions, answers).
 * Read from the catalogue, so an index a later migration adds is dropped and rebuilt as well.
 */
async function dropBulkIndexes(client: pg.PoolClient): Promise<DroppedIndex[]> {
  const { rows } = await client.query<DroppedIndex>(
    `select case when con.oid is null then format('drop index %s', i.indexrelid::regclass)
          else format('alter table %s drop constraint %I', i.indrelid::regclass, con.conname) end as drop,
        case when con.oid is null then pg_get_indexdef(i.indexrelid)
          else format('alter table %s add constraint %I %s', i.indrelid::regclass, con.conname,
            pg_get_constraintdef(con.oid)) end as create
      from pg_index i
      left join pg_constraint con on con.conindid = i.indexrelid and con.conrelid = i.indrelid
        and con.contype in ('p', 'u', 'x')
      where i.indrelid::regclass::text = any($1::text[])
        and not exists (select 1 from pg_constraint fk where fk.contype = 'f' and fk.conindid = i.indexrelid)
      order by array_position($1::text[], i.indrelid::regclass::text), i.indexrelid::regclass::text`,
    [BULK_TABLES],
  );
  for (const index of rows) await client.query(index.drop);
  return rows;
}

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

/** Runs a step's chunks, on every worker when it allows. */
async function runStep(step: Step, method: BuildMethod, workers: pg.PoolClient[]): Promise<void> {
  const chunks = step.chunks[method];
  let next = 0;
  const runner = async (worker: pg.PoolClient) => {
    while (next < chunks) {
      const chunk = next++;
      await worker.query(step.sql(chunk, chunks));
    }
  };
  await Promise.all((step.parallel ? workers : workers.slice(0, 1)).map(runner));
}

export interface BuildOptions {
  scale: Scale;
  method: BuildMethod;
  /** The moment the rows are dated from. */
  at: Date;
  log: (line: string) => void;
}

/**
 * Fills a migrated, empty database with the scale data set, on `workers` connections. Returns
 * each step's seconds.
 */
export async function buildScaleData(
  workers: pg.PoolClient[],
  { scale, method, at, log }: BuildOptions,
): Promise<Record<string, number>> {
  const timings: Record<string, number> = {};
  const timed = async (name: string, run: () => Promise<unknown>) => {
    const started = performance.now();
    await run();
    timings[name] = Number(seconds(started));
    log(`  ${name}: ${seconds(started)} s`);
  };
  const [first] = workers as [pg.PoolClient];
  const all = steps(scale, at, method);
  if (method === 'triggers') {
    for (const step of all) await timed(step.name, () => runStep(step, method, workers));
    return timings;
  }
  for (const step of all.filter((step) => step.alwaysThroughTriggers))
    await timed(step.name, () => runStep(step, method, workers));
  let dropped: DroppedIndex[] = [];
  await timed('drop indexes', async () => (dropped = await dropBulkIndexes(first)));
  // Replica leaves off every trigger but those marked ALWAYS or REPLICA (the product has none):
  // the row triggers and the foreign keys' checks, which the reference build runs for these rows.
  for (const worker of workers) await worker.query(`set session_replication_role = replica`);
  try {
    for (const step of all.filter((step) => !step.alwaysThroughTriggers))
      await timed(step.name, () => runStep(step, method, workers));
    await Promise.all(
      TOTALS.map((lane, i) =>
        (async () => {
          for (const statement of lane)
            await timed(statement.name, () => workers[i % workers.length]!.query(statement.sql));
        })(),
      ),
    );
  } finally {
    for (const worker of workers) await worker.query(`reset session_replication_role`);
  }
  await timed('create indexes', async () => {
    let next = 0;
    await Promise.all(
      workers.map(async (worker) => {
        while (next < dropped.length) await worker.query(dropped[next++]!.create);
      }),
    );
  });
  return timings;
}

/** Connections for a build, set for a bulk load. */
export async function connectWorkers(pool: pg.Pool, count: number): Promise<pg.PoolClient[]> {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const worker = await pool.connect();
      // A bulk load: losing its last commits in a crash only means building again.
      await worker.query(`set synchronous_commit = off; set work_mem = '256MB';
        set maintenance_work_mem = '1GB'`);
      return worker;
    }),
  );
}

/** The version of a complete build at this fraction, or null (none, unfinished, another size). */
async function loadedVersion(client: pg.PoolClient): Promise<number | null> {
  const exists = await client.query<{ ok: boolean }>(
    `select to_regclass('${META_TABLE}') is not null as ok`,
  );
  if (!exists.rows[0]!.ok) return null;
  const row = await client.query<{ version: number }>(
    `select version from ${META_TABLE} where complete and fraction = $1`,
    [SCALE.fraction],
  );
  return row.rows[0]?.version ?? null;
}

/**
 * Refuses a database that holds anything it did not build (the shared `test` database, a real
 * one), since a rebuild starts by dropping every table.
 */
async function assertOwnDatabase(client: pg.PoolClient): Promise<void> {
  const [{ tables, ours }] = (
    await client.query<{ tables: number; ours: boolean }>(`
      select (select count(*)::int from pg_tables where schemaname not in ('pg_catalog', 'information_schema')) as tables,
        to_regclass('${META_TABLE}') is not null as ours`)
  ).rows as [{ tables: number; ours: boolean }];
  if (tables > 0 && !ours)
    throw new Error(
      'BENCH_DATABASE_URL holds tables the scale bench did not create: give it a database of its own',
    );
}

export async function ensureScaleData(
  url: string,
  log: (line: string) => void = console.log,
): Promise<ScaleDataInfo> {
  const pool = new pg.Pool({ connectionString: url, max: 1 + WORKERS });
  try {
    const client = await pool.connect();
    try {
      await assertOwnDatabase(client);
      const version = await loadedVersion(client);
      if (version === SCALE_DATA_VERSION) {
        const meta = await client.query<{ build_seconds: number; rows: Record<string, number> }>(
          `select build_seconds, rows from ${META_TABLE}`,
        );
        log(`scale data set version ${version} already loaded: reused`);
        return {
          version,
          built: false,
          buildSeconds: Number(meta.rows[0]!.build_seconds),
          rows: meta.rows[0]!.rows,
          method: BULK_METHOD,
        };
      }
      log(
        version === null
          ? 'building the scale data set…'
          : `scale data set version ${version}, want ${SCALE_DATA_VERSION}: rebuilding…`,
      );
      const started = performance.now();
      await client.query(`drop schema if exists pgboss cascade;
        drop schema public cascade; create schema public;`);
      // First, so a build cut short is recognised as the bench's own and rebuilt next time.
      await client.query(`create table ${META_TABLE} (version integer not null,
        fraction numeric not null, complete boolean not null default false,
        built_at timestamptz not null default now(), build_seconds numeric, rows jsonb)`);
      await client.query(`insert into ${META_TABLE} (version, fraction) values ($1, $2)`, [
        SCALE_DATA_VERSION,
        SCALE.fraction,
      ]);
      const database = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
      try {
        await migrate(database.db);
      } finally {
        await database.close();
      }
      const workers = await connectWorkers(pool, WORKERS);
      try {
        await buildScaleData(workers, { scale: SCALE, method: 'bulk', at: new Date(), log });
      } finally {
        for (const worker of workers) worker.release();
      }
      const vacuumStarted = performance.now();
      // What autovacuum would do within minutes of a bulk load, done before anything is measured.
      await client.query('vacuum (analyze)');
      log(`  vacuum (analyze): ${((performance.now() - vacuumStarted) / 1000).toFixed(1)} s`);
      const rows: Record<string, number> = {};
      for (const table of COUNTED_TABLES) {
        const result = await client.query<{ n: number }>(`select count(*)::int as n from ${table}`);
        rows[table] = result.rows[0]!.n;
      }
      const buildSeconds = (performance.now() - started) / 1000;
      await client.query(
        `update ${META_TABLE} set complete = true, built_at = now(), build_seconds = $1, rows = $2`,
        [buildSeconds.toFixed(1), JSON.stringify(rows)],
      );
      log(`scale data set built in ${buildSeconds.toFixed(0)} s`);
      return {
        version: SCALE_DATA_VERSION,
        built: true,
        buildSeconds,
        rows,
        method: BULK_METHOD,
      };
    } finally {
      client.release();
    }
  } finally {
    await pool.end();
  }
}
