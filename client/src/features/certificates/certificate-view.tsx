import { educatorLabel } from '@aprendiz/contract/rules/educator-title';
import type { Certificate } from '@aprendiz/contract/certificates';
import { formatMinutes } from '@aprendiz/contract/rules/duration';
import { Link } from 'react-router-dom';
import { useAuthUser } from '../../auth/auth-context';
import { env } from '../../config/env';
import { paths } from '../../config/paths';
import { Brand } from '../../components/logo';
import { QrCode } from '../../components/qr-code';
import { notify } from '../../components/toast';
import { buttonClass } from '../../components/ui/button';
import { PassedQuizzes } from '../quizzes';
import { copyToClipboard, linkedInAddToProfileUrl } from './share';

const DATE_FORMAT = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: 'UTC' });

const pageClass = 'mx-auto flex w-full max-w-3xl flex-col items-center px-4 py-12 text-center';
const actionClass = buttonClass({ size: 'lg', className: 'text-center' });
const secondaryActionClass = buttonClass({
  variant: 'secondary',
  size: 'lg',
  className: 'text-center',
});

async function copyLink(url: string): Promise<void> {
  try {
    await copyToClipboard(url);
    notify.success('Link do certificado copiado', { key: 'certificate-link' });
  } catch {
    notify.error('Não foi possível copiar o link: copie o endereço da barra do navegador', {
      key: 'certificate-link',
    });
  }
}

/** Download, copy and LinkedIn: what a learner does with a certificate that stands. */
function ShareActions({ id, certificate }: { id: string; certificate: Certificate }) {
  return (
    <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row sm:flex-wrap sm:justify-center">
      <a
        href={`${env.backendUrl}/api/certificate/${encodeURIComponent(id)}/pdf`}
        download
        className={actionClass}
      >
        Baixar PDF
      </a>
      <button
        type="button"
        className={secondaryActionClass}
        onClick={() => void copyLink(certificate.url)}
      >
        Copiar link
      </button>
      <a
        href={linkedInAddToProfileUrl(id, certificate, env.brand)}
        target="_blank"
        // The new tab gets no handle on this one, nor the address it came from.
        rel="noopener noreferrer"
        className={secondaryActionClass}
      >
        Adicionar ao LinkedIn <span className="sr-only">(abre em nova aba)</span>
      </a>
    </div>
  );
}

/** A certificate as anyone with its address sees it: what it attests, its code and QR code, and while it stands, how to share it. */
export function CertificateView({ id, certificate }: { id: string; certificate: Certificate }) {
  const revoked = certificate.revokedAt !== null;
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
      {/* Revoked, the certificate is greyed and stamped across, so no screenshot of it passes for a valid one. */}
      <div
        className={`relative mt-6 w-full overflow-hidden rounded-lg border-4 bg-white px-6 py-8 shadow-sm ${revoked ? 'border-slate-400 text-slate-500 grayscale' : 'border-blue-700'}`}
      >
        {revoked && (
          <p
            aria-hidden="true"
            data-testid="revoked-stamp"
            className="pointer-events-none absolute inset-0 flex -rotate-[20deg] items-center justify-center text-5xl font-bold tracking-widest text-red-700/25 select-none sm:text-7xl"
          >
            REVOGADO
          </p>
        )}
        <p className="flex items-center justify-center gap-2">
          <Brand brand={env.brand} />
        </p>
        <h1
          id="certificate-heading"
          className={`mt-6 text-3xl font-semibold ${revoked ? 'text-red-800' : 'text-slate-900'}`}
        >
          {revoked ? 'Certificado revogado' : 'Certificado de conclusão'}
        </h1>
        <p className="mt-6 text-slate-700">Certificamos que</p>
        <p className="mt-2 text-2xl font-semibold break-words text-slate-900">{certificate.name}</p>
        {certificate.holderRemoved && (
          <p className="mt-2 text-sm text-slate-600">
            Este certificado foi emitido; depois, a pessoa titular excluiu a conta e os dados
            pessoais da plataforma, por isso o nome não aparece mais.
          </p>
        )}
        <p className="mt-2 text-slate-700">concluiu o curso</p>
        <p className="mt-2 text-xl font-semibold break-words text-blue-800">
          {certificate.courseTitle}
        </p>
        <dl className="mt-6 grid gap-3 text-slate-700 sm:grid-cols-3">
          <div>
            <dt className="text-sm">{educatorLabel(certificate.educatorTitle)}</dt>
            <dd className="font-medium break-words text-slate-900">{certificate.educatorName}</dd>
          </div>
          <div>
            <dt className="text-sm">Carga horária</dt>
            <dd className="font-medium text-slate-900">{formatMinutes(certificate.minutes)}</dd>
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
        <div className="mt-8 flex flex-col items-center gap-4 border-t border-slate-200 pt-6 text-sm text-slate-700 sm:flex-row sm:justify-between sm:text-left">
          <dl className="grid gap-2">
            <div>
              <dt className="inline">Emitido por </dt>
              <dd className="inline font-medium text-slate-900">{env.brand}</dd>
            </div>
            <div>
              <dt>Código do certificado</dt>
              <dd className="font-mono font-medium break-all text-slate-900">{id}</dd>
            </div>
          </dl>
          {/* A withdrawn certificate is nothing to pass on: its page says so, with no code to scan. */}
          {revoked ? null : (
            <QrCode
              text={certificate.url}
              label={`QR code do endereço deste certificado: ${certificate.url}`}
              className="h-28 w-28 shrink-0"
            />
          )}
        </div>
      </div>
      {revoked ? null : <ShareActions id={id} certificate={certificate} />}
    </article>
  );
}

/** No certificate at that address: say so, and lead on to the catalogue (and a learner to theirs). */
export function MissingCertificate() {
  const { user } = useAuthUser();
  return (
    <section className={pageClass}>
      <h1 className="text-2xl font-semibold text-slate-900">Certificado não encontrado</h1>
      <p className="mt-4 text-slate-700">
        Este endereço não corresponde a nenhum certificado emitido. Confira se o copiou inteiro.
      </p>
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row sm:justify-center">
        <Link to={paths.courseList()} className={actionClass}>
          Ver cursos
        </Link>
        {user ? (
          <Link to={paths.myEnrollments} className={secondaryActionClass}>
            Meus cursos
          </Link>
        ) : null}
      </div>
    </section>
  );
}
