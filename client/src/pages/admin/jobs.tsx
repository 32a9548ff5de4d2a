import { AdminJobsScreen } from '../../features/admin';
import { usePageTitle } from '../../lib/use-page-title';

export default function AdminAdminJobsPage() {
  usePageTitle('Tarefas · Console');
  return <AdminJobsScreen />;
}
