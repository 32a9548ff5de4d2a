import { AdminPrivacyScreen } from '../../features/admin';
import { usePageTitle } from '../../lib/use-page-title';

export default function AdminPrivacyPage() {
  usePageTitle('Privacidade · Console');
  return <AdminPrivacyScreen />;
}
