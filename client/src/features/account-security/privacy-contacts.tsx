import type { PrivacyPolicyResponse } from '@aprendiz/contract/account-security';
import { Link } from 'react-router-dom';
import { focusRing } from '../../components/ui/focus-ring';
import { paths } from '../../config/paths';
import { useResource } from '../../data/resource';

const linkClass = `rounded-sm text-blue-700 underline ${focusRing}`;

/**
 * Who answers for the data and where to write, as the operator configured them
 * (PRIVACY_CONTROLLER_NAME, PRIVACY_CONTACT_EMAIL); without an address, the contact page.
 */
export function PrivacyContacts({ brand }: { brand: string }) {
  const read = useResource<PrivacyPolicyResponse>('/api/site/privacy');
  const facts = read.value;
  const contact = facts?.contactEmail ? (
    <a href={`mailto:${facts.contactEmail}`} className={linkClass}>
      {facts.contactEmail}
    </a>
  ) : (
    <>
      a página de{' '}
      <Link to={paths.contact} className={linkClass}>
        contato
      </Link>
    </>
  );
  return (
    <p className="mt-3" aria-busy={!facts || undefined}>
      O controlador dos seus dados pessoais é <strong>{facts?.controllerName ?? brand}</strong>.
      Para qualquer pedido ou dúvida sobre os seus dados, use {contact}.
    </p>
  );
}
