import { AdminOverviewScreen } from '../../features/admin';
import { usePageTitle } from '../../lib/use-page-title';

export default function AdminAdminOverviewPage() {
  usePageTitle('Visão geral · Console');
  return <AdminOverviewScreen />;
}
