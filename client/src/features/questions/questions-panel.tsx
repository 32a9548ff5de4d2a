import type { QuestionListResponse, QuestionSummary } from '@aprendiz/contract/questions';
import {
  QUESTION_SORT_LABELS,
  QUESTION_SORTS,
  QUESTION_TITLE_MAX_LENGTH,
  type QuestionSort,
} from '@aprendiz/contract/rules/questions';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { api } from '../../lib/api-client';
import { send } from '../../lib/send';
import { Button } from '../../components/ui/button';
import { Pager } from '../../components/ui/pager';
import { inputClass, labelClass } from '../../components/ui/field';
import { LoadError } from '../../components/ui/load-error';
import { EducatorBadge } from './educator-badge';
import { QuestionThread } from './question-thread';
import { useResource } from '../../data/resource';
import { focusRingFlush } from '../../components/ui/focus-ring';
import { PostBodyField } from './post-body-field';

type Scope = 'lecture' | 'course';

function AskForm({
  onAsked,
  onCancel,
}: {
  onAsked: (body: { title: string; body: string }) => Promise<boolean>;
  onCancel: () => void;
}) {
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [sending, setSending] = useState(false);
  const titleId = useId();
  const bodyId = useId();
  async function submit(event: FormEvent) {
    event.preventDefault();
    setSending(true);
    const done = await onAsked({ title, body });
    setSending(false);
    if (done) {
      setTitle('');
      setBody('');
    }
  }
  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-2 rounded-md border border-slate-200 p-3"
    >
      <label htmlFor={titleId} className={labelClass}>
        Título da pergunta
      </label>
      <input
        id={titleId}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        maxLength={QUESTION_TITLE_MAX_LENGTH}
        required
        className={inputClass}
      />
      <label htmlFor={bodyId} className={labelClass}>
        Detalhes
      </label>
      <PostBodyField id={bodyId} value={body} onChange={setBody} />
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onCancel}>
          Cancelar
        </Button>
        <Button type="submit" pending={sending}>
          Publicar pergunta
        </Button>
      </div>
    </form>
  );
}

function QuestionItem({
  question,
  onOpen,
  onUpvoted,
}: {
  question: QuestionSummary;
  onOpen: () => void;
  onUpvoted: () => void;
}) {
  const [voting, setVoting] = useState(false);
  async function upvote() {
    setVoting(true);
    if (await send(api.post(`/api/questions/${question._id}/upvote`))) onUpvoted();
    setVoting(false);
  }
  return (
    <li className="flex gap-3 border-b border-slate-200 py-3 last:border-b-0">
      <Button
        size="sm"
        variant={question.upvoted ? 'primary' : 'secondary'}
        pending={voting}
        disabled={question.upvoted}
        aria-label={`Votar nesta pergunta (${question.upvotes} ${question.upvotes === 1 ? 'voto' : 'votos'})`}
        className="flex h-fit flex-col items-center px-2"
        onClick={() => void upvote()}
      >
        <span aria-hidden="true">▲</span>
        <span>{question.upvotes}</span>
      </Button>
      <div className="min-w-0 flex-1">
        <button
          type="button"
          onClick={onOpen}
          className={`text-left font-semibold text-blue-800 hover:underline ${focusRingFlush}`}
        >
          {question.title}
        </button>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <span>{question.author.name}</span>
          {question.authorIsEducator && <EducatorBadge title={question.authorEducatorTitle} />}
          <span>
            {question.answerCount === 1 ? '1 resposta' : `${question.answerCount} respostas`}
          </span>
          {question.accepted && (
            <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">
              Resolvida
            </span>
          )}
          {question.hidden && (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
              Oculta
            </span>
          )}
        </p>
      </div>
    </li>
  );
}

/** The lecture's (or the whole course's) questions: three orders, a search, asking and the threads. */
export function QuestionsPanel({
  courseId,
  lectureId,
  viewerId,
  openQuestionId,
  openAnswerId,
}: {
  courseId: string;
  lectureId: string;
  /** The signed-in person: their own posts can be edited or deleted for a while. */
  viewerId: string;
  /** A question to open at once (the link in an answer's e-mail or the bell). */
  openQuestionId?: string | null;
  /** The answer in it the link is about, shown once it loads. */
  openAnswerId?: string | null;
}) {
  const [sort, setSort] = useState<QuestionSort>('recent');
  const [scope, setScope] = useState<Scope>('lecture');
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [asking, setAsking] = useState(false);
  const [open, setOpen] = useState<string | null>(openQuestionId ?? null);
  // Only the thread a link opened is revealed: not one the learner opens from the list.
  const [revealing, setRevealing] = useState(openQuestionId ? (openAnswerId ?? null) : undefined);
  // A link followed while the player is already open (the bell) names another question.
  useEffect(() => {
    if (!openQuestionId) return;
    setOpen(openQuestionId);
    setRevealing(openAnswerId ?? null);
  }, [openQuestionId, openAnswerId]);
  const searchId = useId();
  const params = new URLSearchParams({ sort, page: String(page) });
  if (scope === 'lecture') params.set('lectureId', lectureId);
  if (search) params.set('q', search);
  const {
    value: data,
    error,
    reload,
  } = useResource<QuestionListResponse>(
    `/api/course/${encodeURIComponent(courseId)}/questions?${params.toString()}`,
  );

  if (open) {
    return (
      <QuestionThread
        questionId={open}
        viewerId={viewerId}
        onBack={() => {
          setOpen(null);
          setRevealing(undefined);
        }}
        onChanged={reload}
        revealAnswerId={revealing}
      />
    );
  }

  async function ask(input: { title: string; body: string }) {
    const done = await send(
      api.post(`/api/course/${encodeURIComponent(courseId)}/questions`, { ...input, lectureId }),
    );
    if (!done) return false;
    setAsking(false);
    setSort('recent');
    setPage(1);
    reload();
    return true;
  }

  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div role="group" aria-label="Ordenar perguntas" className="flex flex-wrap gap-1">
          {QUESTION_SORTS.map((option) => (
            <Button
              key={option}
              size="sm"
              variant={sort === option ? 'primary' : 'ghost'}
              aria-pressed={sort === option}
              onClick={() => {
                setSort(option);
                setPage(1);
              }}
            >
              {QUESTION_SORT_LABELS[option]}
            </Button>
          ))}
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={scope === 'course'}
            onChange={(event) => {
              setScope(event.target.checked ? 'course' : 'lecture');
              setPage(1);
            }}
          />
          Todo o curso
        </label>
      </div>
      <form
        role="search"
        className="flex gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          setSearch(query.trim());
          setPage(1);
        }}
      >
        <label htmlFor={searchId} className="sr-only">
          Pesquisar nas perguntas do curso
        </label>
        <input
          id={searchId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Pesquisar nas perguntas do curso"
          className={inputClass}
        />
        <Button type="submit" variant="secondary">
          Pesquisar
        </Button>
      </form>
      {asking ? (
        <AskForm onAsked={ask} onCancel={() => setAsking(false)} />
      ) : (
        <Button className="self-start" onClick={() => setAsking(true)}>
          Fazer uma pergunta
        </Button>
      )}
      {error ? (
        <LoadError compact message={error} onRetry={reload} />
      ) : !data ? (
        <p className="text-slate-600">Carregando perguntas…</p>
      ) : data.questions.length === 0 ? (
        <p className="text-slate-600">
          {search
            ? 'Nenhuma pergunta encontrada.'
            : 'Nenhuma pergunta ainda. Seja o primeiro a perguntar.'}
        </p>
      ) : (
        <ul aria-label="Perguntas">
          {data.questions.map((question) => (
            <QuestionItem
              key={question._id}
              question={question}
              onOpen={() => setOpen(question._id)}
              onUpvoted={reload}
            />
          ))}
        </ul>
      )}
      <Pager page={page} pages={pages} label="Páginas de perguntas" onPage={setPage} />
    </div>
  );
}
