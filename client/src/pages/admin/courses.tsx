import { AdminCoursesScreen } from '../../features/admin';
import { usePageTitle } from '../../lib/use-page-title';

export default function AdminCoursesPage() {
  usePageTitle('Cursos · Console');
  return <AdminCoursesScreen />;
}
