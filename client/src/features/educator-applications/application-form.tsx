import { useEffect, useState, type FormEvent } from 'react';
import {
  APPLICATION_TEXT_MAX,
  educatorApplicationBodySchema,
  type EducatorApplication,
  type EducatorApplicationBody,
  type EducatorApplicationResponse,
} from '@aprendiz/contract/educator-applications';
import { Loader } from '../../components/loader';
import { notify } from '../../components/toast';
import { Button } from '../../components/ui/button';
import { Field, inputClass } from '../../components/ui/field';
import { LoadError } from '../../components/ui/load-error';
import { useAppContext } from '../../context/app-context';
import { useResource } from '../../data/resource';
import { api } from '../../lib/api-client';
import { send } from '../../lib/send';

type FieldErrors = Partial<Record<keyof EducatorApplicationBody, string>>;

const EMPTY: EducatorApplicationBody = { about: '', teaching: '' };

/** The first message of each field, so each error sits beside its own box. */
function errorsOf(issues: readonly { path: PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path[0] as keyof EducatorApplicationBody;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The application's two texts, checked with the contract's schema before they are sent. */
export function ApplicationForm({ onSent }: { onSent: () => void }) {
  const [values, setValues] = useState<EducatorApplicationBody>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = educatorApplicationBodySchema.safeParse(values);
    if (!checked.success) {
      setErrors(errorsOf(checked.error.issues));
      return;
    }
    setErrors({});
    setPending(true);
    const sent = await send(api.post('/api/educator/application', checked.data));
    setPending(false);
    if (sent) {
      notify.success('Candidatura enviada.');
      onSent();
    }
  }

  const box = (field: keyof EducatorApplicationBody, label: string, hint: string) => (
    <Field label={label} hint={hint} error={errors[field]}>
      {(control) => (
        <textarea
          {...control}
          className={inputClass}
          rows={5}
          maxLength={APPLICATION_TEXT_MAX}
          value={values[field]}
          onChange={(event) => {
            setValues((now) => ({ ...now, [field]: event.target.value }));
            // The error answered the text as it was sent: once edited, it no longer applies.
            setErrors((now) => ({ ...now, [field]: undefined }));
          }}
        />
      )}
    </Field>
  );

  return (
    <form noValidate onSubmit={submit} className="space-y-5 text-left">
      {box(
        'about',
        'Sobre você',
        'Sua experiência com o assunto e como costuma ensinar (de 20 a 1000 caracteres).',
      )}
      {box(
        'teaching',
        'O que você vai ensinar',
        'Os cursos que pretende publicar e para quem (de 20 a 1000 caracteres).',
      )}
      <Button type="submit" pending={pending}>
        Enviar candidatura
      </Button>
    </form>
  );
}

function Status({ application }: { application: EducatorApplication }) {
  if (application.status === 'pending') {
    return (
      <div role="status" className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-left">
        <p className="font-semibold text-amber-900">Sua candidatura está em análise</p>
        <p className="mt-1 text-sm text-amber-900">
          A equipe da plataforma responde por e-mail e na notificação do sino. Enquanto isso, você
          continua com acesso a tudo como aluno.
        </p>
      </div>
    );
  }
  if (application.status === 'approved') {
    return (
      <p role="status" className="font-semibold text-green-800">
        Sua candidatura foi aprovada: abrindo a área do educador…
      </p>
    );
  }
  return (
    <div role="status" className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-left">
      <p className="font-semibold text-slate-900">Sua candidatura não foi aprovada</p>
      {application.note && (
        <p className="mt-1 text-sm text-slate-700">Nota da equipe: {application.note}</p>
      )}
      <p className="mt-1 text-sm text-slate-700">Você pode enviar uma nova candidatura abaixo.</p>
    </div>
  );
}

/**
 * 'Tornar-se educador' with EDUCATOR_APPLICATIONS=on: the form, or where the latest application
 * stands. Once approved, the session is read again, so the educator area opens in its place.
 */
export function EducatorApplicationPanel() {
  const read = useResource<EducatorApplicationResponse>('/api/educator/application');
  const { refreshSignedIn } = useAppContext();
  const application = read.value?.application ?? null;
  const approved = application?.status === 'approved';

  useEffect(() => {
    if (approved) void refreshSignedIn();
  }, [approved, refreshSignedIn]);

  let content;
  if (read.error && !read.value) {
    content = (
      <LoadError
        message="Não foi possível carregar a sua candidatura."
        onRetry={read.reload}
        compact
      />
    );
  } else if (!read.value) {
    content = <Loader />;
  } else {
    content = (
      <div className="space-y-6">
        {application && <Status application={application} />}
        {(!application || application.status === 'declined') && (
          <ApplicationForm onSent={read.reload} />
        )}
      </div>
    );
  }

  return (
    <section className="mx-auto flex max-w-xl flex-col px-4 py-12">
      <h1 className="text-center text-2xl font-semibold text-slate-900 md:text-3xl">
        Tornar-se educador
      </h1>
      <p className="mt-3 mb-8 text-center text-slate-700">
        Conte quem você é e o que pretende ensinar. A equipe da plataforma analisa cada candidatura
        antes de abrir a área do educador, onde se publicam cursos e se acompanham inscrições e
        ganhos.
      </p>
      {content}
    </section>
  );
}
