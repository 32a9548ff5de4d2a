import type { EducatorQuestion, EducatorQuestionsResponse } from '@aprendiz/contract/questions';
import { POST_BODY_MAX_LENGTH } from '@aprendiz/contract/rules/questions';
import { useId, useState, type FormEvent } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { Deferred } from '../../components/deferred';
import { Loader } from '../../components/loader';
import { PostText } from '../../components/questions/post-text';
import { Button } from '../../components/ui/button';
import { inputClass } from '../../components/ui/field';
import { loadSignedIn, useSignedInResult } from '../../data/signed-in-loader';
import { api } from '../../lib/api-client';
import { send } from '../../lib/send';
import { usePageTitle } from '../../lib/use-page-title';

/** GET /api/educator/questions?status=unanswered, not awaited: the page shows its loader meanwhile. */
export function loader({ request }: LoaderFunctionArgs) {
  return loadSignedIn(
    request,
    async (signal) => {
      const { data } = await api.get<EducatorQuestionsResponse>(
        '/api/educator/questions?status=unanswered',
        { signal },
      );
      return data;
    },
    { report: true },
  );
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
        {question.author.name} ·{' '}
        {new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' }).format(
          new Date(question.createdAt),
        )}
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

function Inbox({ initial }: { initial: EducatorQuestionsResponse }) {
  const [questions, setQuestions] = useState(initial.questions);
  const [answered, setAnswered] = useState(0);
  const waiting = initial.total - answered;
  return (
    <div className="space-y-4 p-4 md:p-8">
      <h1 className="text-2xl font-semibold text-slate-900">Perguntas</h1>
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
            onAnswered={() => {
              setQuestions((list) => list.filter((item) => item._id !== question._id));
              setAnswered((n) => n + 1);
            }}
          />
        ))}
      </ul>
    </div>
  );
}

/** /educator/questions: unanswered questions across the educator's courses, answered in place. */
export default function QuestionsInboxPage() {
  usePageTitle('Perguntas');
  const result = useSignedInResult(useLoaderData<typeof loader>());
  return (
    <Deferred
      result={result}
      pending={<Loader label="Carregando as perguntas…" />}
      failedTitle="Não foi possível carregar as perguntas"
    >
      {(data) => <Inbox initial={data} />}
    </Deferred>
  );
}
