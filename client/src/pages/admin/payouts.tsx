import { AdminPayoutsScreen } from '../../features/admin';
import { usePageTitle } from '../../lib/use-page-title';

export default function AdminPayoutsPage() {
  usePageTitle('Repasses · Console');
  return <AdminPayoutsScreen />;
}
