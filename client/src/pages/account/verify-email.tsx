import { useSearchParams } from 'react-router-dom';
import { VerifyEmail } from '../../features/account-security';
import { usePageTitle } from '../../lib/use-page-title';

/** `/verify-email?token=…`, opened from the mailed confirmation link. */
export default function VerifyEmailPage() {
  usePageTitle('Confirmar e-mail');
  const [params] = useSearchParams();
  return <VerifyEmail token={params.get('token') ?? ''} />;
}
