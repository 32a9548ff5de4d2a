import type { Answer, QuestionDetail } from '@aprendiz/contract/questions';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { api } from '../../lib/api-client';
import { send } from '../../lib/send';
import { Button } from '../../components/ui/button';
import { LoadError } from '../../components/ui/load-error';
import { EducatorBadge } from './educator-badge';
import { ReportControl } from '../../components/report-control';
import { HiddenNote, HideControl, ShowAgainButton } from './moderation-controls';
import { OwnPostActions } from './own-post-actions';
import { PostText } from './post-text';
import { useResource } from '../../data/resource';
import { PostBodyField } from './post-body-field';
import { reveal } from '../../lib/reveal';

function when(iso: string): string {
  return new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

function AnswerItem({
  answer,
  detail,
  viewerId,
  onChanged,
}: {
  answer: Answer;
  detail: QuestionDetail;
  viewerId: string;
  onChanged: () => void;
}) {
  const [busy, setBusy] = useState(false);
  async function accept() {
    setBusy(true);
    if (await send(api.post(`/api/answers/${answer._id}/accept`))) onChanged();
    setBusy(false);
  }
  return (
    <li
      data-answer-id={answer._id}
      tabIndex={-1}
      className={`rounded-md border p-3 ${answer.accepted ? 'border-green-600 bg-green-50' : 'border-slate-200'}`}
    >
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
        <span className="font-medium text-slate-900">{answer.author.name}</span>
        {answer.authorIsEducator && <EducatorBadge title={answer.authorEducatorTitle} />}
        <span>{when(answer.createdAt)}</span>
        {answer.accepted && (
          <span className="rounded-full bg-green-700 px-2 py-0.5 text-xs font-semibold text-white">
            Resposta aceita
          </span>
        )}
      </p>
      {answer.hidden && <HiddenNote note={answer.hiddenNote} />}
      <PostText text={answer.body} className="mt-2" />
      <div className="mt-2 flex flex-wrap gap-2">
        {detail.canAccept && !answer.accepted && !answer.hidden && (
          <Button size="sm" variant="secondary" pending={busy} onClick={() => void accept()}>
            Aceitar resposta
          </Button>
        )}
        <OwnPostActions
          url={`/api/answers/${answer._id}`}
          body={answer.body}
          authorId={answer.author._id}
          viewerId={viewerId}
          createdAt={answer.createdAt}
          onEdited={onChanged}
          onDeleted={onChanged}
        />
        <ReportControl url={`/api/answers/${answer._id}/report`} />
        {detail.canModerate &&
          (answer.hidden ? (
            <ShowAgainButton url={`/api/answers/${answer._id}/unhide`} onShown={onChanged} />
          ) : (
            <HideControl
              url={`/api/answers/${answer._id}/hide`}
              label="Ocultar"
              onHidden={onChanged}
            />
          ))}
      </div>
    </li>
  );
}

/** One question with its answers, the answer form, and what the caller may do to them. */
export function QuestionThread({
  questionId,
  viewerId,
  onBack,
  onChanged,
  revealAnswerId,
}: {
  questionId: string;
  viewerId: string;
  onBack: () => void;
  onChanged: () => void;
  /**
   * Opened from a notification: the answer it is about (null: the question itself) is scrolled to,
   * highlighted and focused once the thread has loaded. Undefined when the learner opened it.
   */
  revealAnswerId?: string | null;
}) {
  const {
    value: data,
    error,
    reload,
  } = useResource<{ question: QuestionDetail }>(`/api/questions/${questionId}`);
  const [body, setBody] = useState('');
  const [sending, setSending] = useState(false);
  const answerId = useId();
  const thread = useRef<HTMLElement>(null);
  const loaded = data !== null;
  useEffect(() => {
    if (!loaded || revealAnswerId === undefined || !thread.current) return;
    // An answer deleted since the notice: the question it was on is what is left to show.
    const answer = [...thread.current.querySelectorAll<HTMLElement>('[data-answer-id]')].find(
      (item) => item.dataset.answerId === revealAnswerId,
    );
    reveal(answer ?? thread.current);
  }, [loaded, revealAnswerId]);

  if (error) return <LoadError compact message={error} onRetry={reload} />;
  if (!data) return <p className="text-slate-600">Carregando pergunta…</p>;
  const detail = data.question;
  const changed = () => {
    reload();
    onChanged();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSending(true);
    const done = await send(api.post(`/api/questions/${questionId}/answers`, { body }));
    setSending(false);
    if (done) {
      setBody('');
      changed();
    }
  }

  return (
    <article
      ref={thread}
      tabIndex={-1}
      aria-labelledby={`${answerId}-title`}
      className="flex flex-col gap-3 rounded-md"
    >
      <Button variant="link" size="sm" className="self-start px-0" onClick={onBack}>
        ← Todas as perguntas
      </Button>
      <h3 id={`${answerId}-title`} className="text-lg font-semibold text-slate-900">
        {detail.title}
      </h3>
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
        <span className="font-medium text-slate-900">{detail.author.name}</span>
        {detail.authorIsEducator && <EducatorBadge title={detail.authorEducatorTitle} />}
        <span>{when(detail.createdAt)}</span>
        <span>
          {detail.upvotes} {detail.upvotes === 1 ? 'voto' : 'votos'}
        </span>
      </p>
      {detail.hidden && <HiddenNote note={detail.hiddenNote} />}
      <PostText text={detail.body} />
      <div className="flex flex-wrap gap-2">
        <OwnPostActions
          url={`/api/questions/${detail._id}`}
          body={detail.body}
          authorId={detail.author._id}
          viewerId={viewerId}
          createdAt={detail.createdAt}
          onEdited={changed}
          onDeleted={() => {
            onChanged();
            onBack();
          }}
        />
        <ReportControl url={`/api/questions/${detail._id}/report`} />
        {detail.canModerate &&
          (detail.hidden ? (
            <ShowAgainButton url={`/api/questions/${detail._id}/unhide`} onShown={changed} />
          ) : (
            <HideControl
              url={`/api/questions/${detail._id}/hide`}
              label="Ocultar pergunta"
              onHidden={changed}
            />
          ))}
      </div>
      <h4 className="font-semibold text-slate-900">
        {detail.answers.length === 0
          ? 'Sem respostas ainda'
          : detail.answers.length === 1
            ? '1 resposta'
            : `${detail.answers.length} respostas`}
      </h4>
      <ul className="flex flex-col gap-3">
        {detail.answers.map((answer) => (
          <AnswerItem
            key={answer._id}
            answer={answer}
            detail={detail}
            viewerId={viewerId}
            onChanged={changed}
          />
        ))}
      </ul>
      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-2">
        <label htmlFor={answerId} className="font-medium text-slate-800">
          Sua resposta
        </label>
        <PostBodyField id={answerId} value={body} onChange={setBody} />
        <Button type="submit" pending={sending} className="self-end">
          Responder
        </Button>
      </form>
    </article>
  );
}
