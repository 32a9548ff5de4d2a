import { Outlet } from 'react-router-dom';
import { AdminGate } from '../../features/admin';
import { usePageTitle } from '../../lib/use-page-title';

/** `/admin/*`: the operators' console, behind its gate. */
export default function AdminLayout() {
  usePageTitle('Console da plataforma');
  return (
    <AdminGate>
      <Outlet />
    </AdminGate>
  );
}
