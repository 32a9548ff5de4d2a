import type { Certificate } from '@aprendiz/contract/certificates';
import {
  data,
  useLoaderData,
  useParams,
  useRevalidator,
  type LoaderFunctionArgs,
} from 'react-router-dom';
import type { RouteHandle } from '../../app/page-meta';
import { certificateSource } from '../../data/catalogue-source';
import { loadOrReport, type LoadResult } from '../../data/load-result';
import { LoadError } from '../../components/ui/load-error';
import { CertificateView, MissingCertificate } from '../../features/certificates';

export type CertificateData = { certificate: LoadResult<Certificate | null> };

/** GET /api/certificate/:id's certificate; an id that names none answers 404 on the server too. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const source = await certificateSource(context);
  const certificate = await loadOrReport(() => source.certificate(params.id ?? ''));
  const result: CertificateData = { certificate };
  return certificate.ok && certificate.value === null ? data(result, { status: 404 }) : result;
}

export const handle: RouteHandle = {
  meta: ({ data: loaded }) => {
    const certificate = (loaded as CertificateData | undefined)?.certificate;
    if (!certificate?.ok || !certificate.value) {
      return {
        title: 'Certificado não encontrado',
        description: 'Este endereço não corresponde a nenhum certificado emitido.',
        noindex: true,
      };
    }
    const { name, courseTitle, educatorName } = certificate.value;
    // What LinkedIn and WhatsApp show for a shared certificate: who finished what, with whom.
    return {
      title: `Certificado: ${courseTitle}`,
      description: `${name} concluiu ${courseTitle}, ministrado por ${educatorName}.`,
    };
  },
};

/**
 * /certificate/:id: anyone with the address sees and verifies the certificate (learner's name, course,
 * educator, hours and minutes, date; nothing else about the learner), issued by the brand, with its
 * code and a QR code of its address; while it stands, its PDF, its link to copy and LinkedIn's
 * add-to-profile form.
 */
export default function CertificatePage() {
  const { id = '' } = useParams();
  const { certificate } = useLoaderData<CertificateData>();
  const revalidator = useRevalidator();
  if (!certificate.ok) {
    return (
      <LoadError
        title="Não foi possível carregar o certificado"
        message={certificate.message}
        onRetry={() => void revalidator.revalidate()}
        retrying={revalidator.state === 'loading'}
      />
    );
  }
  if (!certificate.value) return <MissingCertificate />;
  return <CertificateView id={id} certificate={certificate.value} />;
}
