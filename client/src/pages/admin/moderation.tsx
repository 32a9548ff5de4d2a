import { AdminModerationScreen } from '../../features/admin';
import { usePageTitle } from '../../lib/use-page-title';

export default function AdminAdminModerationPage() {
  usePageTitle('Moderação · Console');
  return <AdminModerationScreen />;
}
