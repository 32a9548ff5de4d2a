import { AdminAuditScreen } from '../../features/admin';
import { usePageTitle } from '../../lib/use-page-title';

export default function AdminAdminAuditPage() {
  usePageTitle('Auditoria · Console');
  return <AdminAuditScreen />;
}
