import { AdminPeopleScreen } from '../../features/admin';
import { usePageTitle } from '../../lib/use-page-title';

export default function AdminAdminPeoplePage() {
  usePageTitle('Pessoas · Console');
  return <AdminPeopleScreen />;
}
