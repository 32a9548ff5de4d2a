import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { Deferred } from '../../components/deferred';
import { Loader } from '../../components/loader';
import { loadSignedIn, useSignedInResult } from '../../data/signed-in-loader';
import { QuestionsInbox, readInbox } from '../../features/questions';
import { usePageTitle } from '../../lib/use-page-title';

/** Both lists, not awaited: the page shows its loader meanwhile. */
export function loader({ request }: LoaderFunctionArgs) {
  return loadSignedIn(request, (signal) => readInbox(new URL(request.url).searchParams, signal), {
    report: true,
  });
}

/**
 * /educator/questions: unanswered questions across the educator's courses, answered in place, and
 * under 'Denúncias' the posts learners reported.
 */
export default function QuestionsInboxPage() {
  usePageTitle('Perguntas');
  const result = useSignedInResult(useLoaderData<typeof loader>());
  return (
    <Deferred
      result={result}
      pending={<Loader label="Carregando as perguntas…" />}
      failedTitle="Não foi possível carregar as perguntas"
    >
      {(inbox) => <QuestionsInbox inbox={inbox} />}
    </Deferred>
  );
}
