import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { Deferred } from '../../components/deferred';
import { Loader } from '../../components/loader';
import { useSignedInResult } from '../../data/signed-in-loader';
import { loadStudents, StudentTable } from '../../features/enrolled-students';
import { usePageTitle } from '../../lib/use-page-title';

export function loader({ request }: LoaderFunctionArgs) {
  return loadStudents(request);
}

/** /educator/student-enrolled: every enrollment in the educator's courses, newest first. */
export default function StudentEnrolledPage() {
  usePageTitle('Student Enrolled');
  const students = useSignedInResult(useLoaderData<typeof loader>());
  return (
    <Deferred
      result={students}
      pending={<Loader label="Carregando os alunos inscritos…" />}
      failedTitle="Não foi possível carregar os alunos inscritos"
    >
      {(first) => <StudentTable first={first} />}
    </Deferred>
  );
}
