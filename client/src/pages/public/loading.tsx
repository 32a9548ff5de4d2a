import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Loader } from '../../components/loader';
import { useAppContext } from '../../context/app-context';
import { usePageTitle } from '../../lib/use-page-title';

export const LOADING_REDIRECT_MS = 5000;

/**
 * /loading/{path}: the spec's three dots, then /{path} after 5 s. Payment providers return here, so the
 * user's data and enrollments are read again first and a course just bought is listed at once.
 */
export default function LoadingPage() {
  const { '*': nextPath = '' } = useParams();
  const navigate = useNavigate();
  const { fetchUserData, fetchUserEnrolledCourses } = useAppContext();
  usePageTitle('Carregando…');

  useEffect(() => {
    if (!nextPath) return;
    let active = true;
    const timer = setTimeout(() => {
      void Promise.all([fetchUserData(), fetchUserEnrolledCourses()]).then(() => {
        if (active) navigate(`/${nextPath}`, { replace: true });
      });
    }, LOADING_REDIRECT_MS);
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [nextPath, navigate, fetchUserData, fetchUserEnrolledCourses]);

  return (
    <>
      <h1 className="sr-only">Carregando</h1>
      <Loader />
    </>
  );
}
