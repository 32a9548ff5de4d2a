import { AdminMoneyScreen } from '../../features/admin';
import { usePageTitle } from '../../lib/use-page-title';

export default function AdminAdminMoneyPage() {
  usePageTitle('Dinheiro · Console');
  return <AdminMoneyScreen />;
}
