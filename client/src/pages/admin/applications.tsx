import { AdminApplicationsScreen } from '../../features/admin';
import { usePageTitle } from '../../lib/use-page-title';

export default function AdminApplicationsPage() {
  usePageTitle('Candidaturas · Console');
  return <AdminApplicationsScreen />;
}
