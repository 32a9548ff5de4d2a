import type { Certificate } from '@aprendiz/contract/certificates';
import {
  data,
  useLoaderData,
  useParams,
  useRevalidator,
  type LoaderFunctionArgs,
} from 'react-router-dom';
import type { RouteHandle } from '../../app/page-meta';
import { env } from '../../config/env';
import { certificateSource } from '../../data/catalogue-source';
import { loadOrReport, type LoadResult } from '../../data/load-result';
import { focusRing } from '../../components/ui/focus-ring';
import { LoadError } from '../../components/ui/load-error';
import { PassedQuizzes } from '../../components/quiz/passed-quizzes';

const DATE_FORMAT = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: 'UTC' });
const HOURS_FORMAT = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

const pageClass = 'mx-auto flex w-full max-w-3xl flex-col items-center px-4 py-12 text-center';
const actionClass = `rounded-md bg-blue-600 px-6 py-3 font-medium text-white hover:bg-blue-700 ${focusRing}`;

function hoursText(hours: number): string {
  return `${HOURS_FORMAT.format(hours)} ${hours === 1 ? 'hora' : 'horas'}`;
}

function CertificateView({ id, certificate }: { id: string; certificate: Certificate }) {
  return (
    <article className={pageClass} aria-labelledby="certificate-heading">
      {certificate.revokedAt ? (
        <p className="inline-flex items-center gap-2 rounded-full bg-red-100 px-3 py-1 text-sm font-medium text-red-900">
          Certificado revogado em{' '}
          <time dateTime={certificate.revokedAt}>
            {DATE_FORMAT.format(new Date(certificate.revokedAt))}
          </time>
          : o curso foi reembolsado
        </p>
      ) : (
        <p className="inline-flex items-center gap-2 rounded-full bg-green-100 px-3 py-1 text-sm font-medium text-green-900">
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 fill-current">
            <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0z" />
          </svg>
          Certificado verificado
        </p>
      )}
      <div className="mt-6 w-full rounded-lg border-4 border-blue-700 bg-white px-6 py-10 shadow-sm">
        <h1 id="certificate-heading" className="text-3xl font-semibold text-slate-900">
          Certificado de conclusão
        </h1>
        <p className="mt-6 text-slate-700">Certificamos que</p>
        <p className="mt-2 text-2xl font-semibold break-words text-slate-900">{certificate.name}</p>
        <p className="mt-2 text-slate-700">concluiu o curso</p>
        <p className="mt-2 text-xl font-semibold break-words text-blue-800">
          {certificate.courseTitle}
        </p>
        <dl className="mt-6 grid gap-3 text-slate-700 sm:grid-cols-3">
          <div>
            <dt className="text-sm">Educador</dt>
            <dd className="font-medium break-words text-slate-900">{certificate.educatorName}</dd>
          </div>
          <div>
            <dt className="text-sm">Carga horária</dt>
            <dd className="font-medium text-slate-900">{hoursText(certificate.hours)}</dd>
          </div>
          <div>
            <dt className="text-sm">Concluído em</dt>
            <dd className="font-medium text-slate-900">
              <time dateTime={certificate.completedAt}>
                {DATE_FORMAT.format(new Date(certificate.completedAt))}
              </time>
            </dd>
          </div>
        </dl>
        <PassedQuizzes quizzes={certificate.quizzes} />
      </div>
      {certificate.revokedAt ? null : (
        <a
          href={`${env.backendUrl}/api/certificate/${encodeURIComponent(id)}/pdf`}
          download
          className={`mt-8 ${actionClass}`}
        >
          Baixar PDF
        </a>
      )}
    </article>
  );
}

function Missing() {
  return (
    <section className={pageClass}>
      <h1 className="text-2xl font-semibold text-slate-900">Certificado não encontrado</h1>
      <p className="mt-4 text-slate-700">
        Este endereço não corresponde a nenhum certificado emitido. Confira se o copiou inteiro.
      </p>
    </section>
  );
}

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
 * educator, hours, date; nothing else about the learner) and can download its PDF.
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
  if (!certificate.value) return <Missing />;
  return <CertificateView id={id} certificate={certificate.value} />;
}
