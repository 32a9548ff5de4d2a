import type {
  EducatorQuestion,
  EducatorQuestionsResponse,
  EducatorReportsResponse,
  ReportedPost,
} from '@aprendiz/contract/questions';
import { POST_BODY_MAX_LENGTH } from '@aprendiz/contract/rules/questions';
import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { HiddenNote, HideControl, ShowAgainButton } from './moderation-controls';
import { PostText } from './post-text';
import { notify } from '../../components/toast';
import { Button } from '../../components/ui/button';
import { inputClass } from '../../components/ui/field';
import { focusRing } from '../../components/ui/focus-ring';
import { Pager } from '../../components/ui/pager';
import { api } from '../../lib/api-client';
import { send } from '../../lib/send';

/** The address names the list and its page (`?aba=denuncias&pagina=2`): shareable, and Back works. */
const TAB_PARAM = 'aba';
const PAGE_PARAM = 'pagina';
const REPORTS_TAB = 'denuncias';
type Tab = 'unanswered' | 'reports';

/** A report's text is shown whole on request past this many characters. */
const EXCERPT_LENGTH = 300;

function readTab(params: URLSearchParams): Tab {
  return params.get(TAB_PARAM) === REPORTS_TAB ? 'reports' : 'unanswered';
}

/** The page the address asks for; 1 when it names none (or not a page: the API's rule). */
function readPage(params: URLSearchParams): number {
  const value = params.get(PAGE_PARAM) ?? '';
  return /^[1-9]\d{0,5}$/.test(value) ? Number(value) : 1;
}

function when(iso: string): string {
  return new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

export type Inbox = {
  tab: Tab;
  questions: EducatorQuestionsResponse;
  reports: EducatorReportsResponse;
};

/**
 * GET /api/educator/questions?status=unanswered and GET /api/educator/reports: the list the address
 * opens at its page, the other at its first (its tab shows how many).
 */
export async function readInbox(params: URLSearchParams, signal: AbortSignal): Promise<Inbox> {
  const tab = readTab(params);
  const page = readPage(params);
  const [questions, reports] = await Promise.all([
    api.get<EducatorQuestionsResponse>('/api/educator/questions', {
      params: { status: 'unanswered', page: tab === 'unanswered' ? page : 1 },
      signal,
    }),
    api.get<EducatorReportsResponse>('/api/educator/reports', {
      params: { page: tab === 'reports' ? page : 1 },
      signal,
    }),
  ]);
  return { tab, questions: questions.data, reports: reports.data };
}

function pagesOf(list: { total: number; pageSize: number }): number {
  return Math.max(1, Math.ceil(list.total / list.pageSize));
}

function usePageChange(): (page: number) => void {
  const [, setSearchParams] = useSearchParams();
  return (page) =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      if (page === 1) params.delete(PAGE_PARAM);
      else params.set(PAGE_PARAM, String(page));
      return params;
    });
}

function InboxItem({
  question,
  onAnswered,
}: {
  question: EducatorQuestion;
  onAnswered: () => void;
}) {
  const [body, setBody] = useState('');
  const [sending, setSending] = useState(false);
  const fieldId = useId();
  async function submit(event: FormEvent) {
    event.preventDefault();
    setSending(true);
    const done = await send(api.post(`/api/questions/${question._id}/answers`, { body }));
    setSending(false);
    if (done) onAnswered();
  }
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4">
      <p className="text-sm text-slate-600">
        {question.courseTitle}
        {question.lectureTitle && ` · ${question.lectureTitle}`}
      </p>
      <h2 className="mt-1 text-lg font-semibold text-slate-900">{question.title}</h2>
      <p className="text-sm text-slate-600">
        {question.author.name} · {when(question.createdAt)}
      </p>
      <PostText text={question.body} className="mt-2" />
      <form onSubmit={(event) => void submit(event)} className="mt-3 flex flex-col gap-2">
        <label htmlFor={fieldId} className="font-medium text-slate-800">
          Responder
        </label>
        <textarea
          id={fieldId}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          maxLength={POST_BODY_MAX_LENGTH}
          rows={3}
          required
          className={inputClass}
        />
        <Button type="submit" pending={sending} className="self-end">
          Enviar resposta
        </Button>
      </form>
    </li>
  );
}

/** Unanswered questions of this page, oldest first (those answered here already taken out). */
function UnansweredList({
  list,
  questions,
  waiting,
  onAnswered,
}: {
  list: EducatorQuestionsResponse;
  questions: EducatorQuestion[];
  waiting: number;
  onAnswered: (questionId: string) => void;
}) {
  const showPage = usePageChange();
  const answered = list.questions.length - questions.length;
  return (
    <>
      <p className="text-slate-700">
        {waiting === 0
          ? 'Nenhuma pergunta sem resposta. Bom trabalho!'
          : waiting === 1
            ? '1 pergunta sem resposta, a mais antiga primeiro.'
            : `${waiting} perguntas sem resposta, as mais antigas primeiro.`}
      </p>
      {answered > 0 && (
        <p role="status" className="text-green-800">
          {answered === 1 ? 'Resposta enviada.' : `${answered} respostas enviadas.`}
        </p>
      )}
      <ul className="flex flex-col gap-4">
        {questions.map((question) => (
          <InboxItem
            key={question._id}
            question={question}
            onAnswered={() => onAnswered(question._id)}
          />
        ))}
      </ul>
      <Pager
        page={list.page}
        pages={pagesOf(list)}
        label="Páginas de perguntas sem resposta"
        onPage={showPage}
      />
    </>
  );
}

/** A long text starts as its first lines, with 'Ler tudo'. */
function PostExcerpt({ text }: { text: string }) {
  const [whole, setWhole] = useState(false);
  const long = text.length > EXCERPT_LENGTH;
  return (
    <div className="mt-2">
      <PostText text={long && !whole ? `${text.slice(0, EXCERPT_LENGTH).trimEnd()}…` : text} />
      {long && (
        <Button
          size="sm"
          variant="link"
          className="px-0"
          aria-expanded={whole}
          onClick={() => setWhole((shown) => !shown)}
        >
          {whole ? 'Mostrar menos' : 'Ler tudo'}
        </Button>
      )}
    </div>
  );
}

type Moderated = { hidden: boolean; hiddenNote: string | null } | 'dismissed';

function ReportItem({
  post,
  onModerated,
}: {
  post: ReportedPost;
  onModerated: (change: Moderated) => void;
}) {
  const [dismissing, setDismissing] = useState(false);
  const path = `/api/${post.kind === 'question' ? 'questions' : 'answers'}/${post._id}`;
  const what = post.kind === 'question' ? 'Pergunta' : 'Resposta';
  async function dismiss() {
    setDismissing(true);
    const done = await send(
      api.post<{ message: string }>('/api/educator/reports/dismiss', {
        kind: post.kind,
        id: post._id,
      }),
    );
    setDismissing(false);
    if (done) {
      notify.success(done.message);
      onModerated('dismissed');
    }
  }
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4">
      <p className="text-sm text-slate-600">
        {post.courseTitle}
        {post.lectureTitle && ` · ${post.lectureTitle}`}
      </p>
      <h2 className="mt-1 text-lg font-semibold text-slate-900">
        {post.kind === 'question' ? post.questionTitle : `Resposta a “${post.questionTitle}”`}
      </h2>
      <p className="text-sm text-slate-600">
        {what} de {post.author.name} · {when(post.createdAt)}
      </p>
      {post.hidden && (
        <div className="mt-2">
          <HiddenNote note={post.hiddenNote} />
        </div>
      )}
      <PostExcerpt text={post.body} />
      <div className="mt-3 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-950">
        <p className="font-medium">
          {post.reportCount === 1
            ? `1 denúncia, em ${when(post.lastReportedAt)}`
            : `${post.reportCount} denúncias, a última em ${when(post.lastReportedAt)}`}
        </p>
        {post.reasons.length > 0 && (
          <>
            <p className="mt-1">Motivos:</p>
            <ul className="list-disc pl-5 break-words">
              {post.reasons.map((reason, index) => (
                <li key={index}>{reason}</li>
              ))}
            </ul>
          </>
        )}
      </div>
      <div className="mt-3 flex flex-wrap items-start gap-2">
        {post.hidden ? (
          <ShowAgainButton
            url={`${path}/unhide`}
            onShown={() => {
              notify.success(`${what} exibida novamente`);
              onModerated({ hidden: false, hiddenNote: null });
            }}
          />
        ) : (
          <HideControl
            url={`${path}/hide`}
            label="Ocultar"
            variant="secondary"
            onHidden={(note) => {
              notify.success(`${what} ocultada`);
              onModerated({ hidden: true, hiddenNote: note });
            }}
          />
        )}
        <Button size="sm" variant="secondary" pending={dismissing} onClick={() => void dismiss()}>
          Dispensar
        </Button>
      </div>
    </li>
  );
}

/**
 * What learners reported in the educator's courses, the latest report first: hide it with a note
 * (or show it again), or dismiss its reports, which takes it off the list.
 */
function ReportsList({
  list,
  posts,
  left,
  onModerated,
}: {
  list: EducatorReportsResponse;
  posts: ReportedPost[];
  left: number;
  onModerated: (post: ReportedPost, change: Moderated) => void;
}) {
  const showPage = usePageChange();
  return (
    <>
      <p className="text-slate-700">
        {left === 0
          ? 'Nenhuma denúncia para analisar.'
          : left === 1
            ? '1 publicação denunciada pelos alunos.'
            : `${left} publicações denunciadas pelos alunos, as denunciadas por último primeiro.`}
      </p>
      <ul className="flex flex-col gap-4">
        {posts.map((post) => (
          <ReportItem
            key={reportKey(post)}
            post={post}
            onModerated={(change) => onModerated(post, change)}
          />
        ))}
      </ul>
      <Pager
        page={list.page}
        pages={pagesOf(list)}
        label="Páginas de denúncias"
        onPage={showPage}
      />
    </>
  );
}

const reportKey = (post: ReportedPost) => `${post.kind}:${post._id}`;

const tabClass = `inline-flex items-center gap-1 whitespace-nowrap rounded-md px-2 py-2 font-medium sm:px-3 ${focusRing}`;

function InboxTabs({ open, counts }: { open: Tab; counts: Record<Tab, number> }) {
  const tabs: { tab: Tab; label: string; search: string }[] = [
    { tab: 'unanswered', label: 'Sem resposta', search: '' },
    { tab: 'reports', label: 'Denúncias', search: `?${TAB_PARAM}=${REPORTS_TAB}` },
  ];
  return (
    <nav
      aria-label="Listas de perguntas"
      className="flex flex-wrap gap-1 border-b border-slate-200 pb-2 sm:gap-2"
    >
      {tabs.map(({ tab, label, search }) => {
        const current = tab === open;
        return (
          <Link
            key={tab}
            to={{ search }}
            aria-current={current ? 'page' : undefined}
            className={`${tabClass} ${current ? 'bg-blue-600 text-white' : 'text-slate-800 hover:bg-slate-100'}`}
          >
            {label}{' '}
            <span
              className={`rounded-full px-2 py-0.5 text-xs ${current ? 'bg-white text-blue-800' : 'bg-slate-200 text-slate-800'}`}
            >
              {counts[tab]}
            </span>
          </Link>
        );
      })}
    </nav>
  );
}

/**
 * Both lists as loaded, less what was answered or dismissed here since (and with hidings made here),
 * so the lists and the tabs' counts agree until the next read.
 */
export function QuestionsInbox({ inbox }: { inbox: Inbox }) {
  const [answeredIds, setAnsweredIds] = useState<ReadonlySet<string>>(new Set());
  const [changes, setChanges] = useState<ReadonlyMap<string, Moderated>>(new Map());
  const questions = inbox.questions.questions.filter((question) => !answeredIds.has(question._id));
  const waiting = inbox.questions.total - (inbox.questions.questions.length - questions.length);
  const posts = inbox.reports.reports.flatMap((post) => {
    const change = changes.get(reportKey(post));
    if (change === 'dismissed') return [];
    return [change ? { ...post, ...change } : post];
  });
  const left = inbox.reports.total - (inbox.reports.reports.length - posts.length);
  return (
    <div className="space-y-4 p-4 md:p-8">
      <h1 className="text-2xl font-semibold text-slate-900">Perguntas</h1>
      <InboxTabs open={inbox.tab} counts={{ unanswered: waiting, reports: left }} />
      {inbox.tab === 'reports' ? (
        <ReportsList
          list={inbox.reports}
          posts={posts}
          left={left}
          onModerated={(post, change) =>
            setChanges((all) => new Map(all).set(reportKey(post), change))
          }
        />
      ) : (
        <UnansweredList
          list={inbox.questions}
          questions={questions}
          waiting={waiting}
          onAnswered={(id) => setAnsweredIds((ids) => new Set(ids).add(id))}
        />
      )}
    </div>
  );
}
