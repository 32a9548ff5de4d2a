import { useParams } from 'react-router-dom';
import { AdminPersonScreen } from '../../features/admin';
import { usePageTitle } from '../../lib/use-page-title';

export default function AdminPersonPage() {
  usePageTitle('Pessoa · Console');
  const { id = '' } = useParams();
  // Keyed by the id: another person's page starts from nothing, not from the last one's state.
  return <AdminPersonScreen key={id} userId={id} />;
}
