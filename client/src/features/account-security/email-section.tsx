import type { MessageResponse } from '@aprendiz/contract/account';
import { changeEmailBodySchema, type EmailStatus } from '@aprendiz/contract/account-security';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Field, fieldErrors, inputClass } from '../../components/ui/field';
import { useResource } from '../../data/resource';
import { api } from '../../lib/api-client';
import { send } from '../../lib/send';

const EMAIL_URL = '/api/account/email';

/**
 * The account's address, whether it is confirmed, and 'Trocar e-mail': the new address is used
 * only once its mailed link is opened, and the old one is told.
 */
export function AccountEmailSection() {
  const read = useResource<{ status: EmailStatus }>(EMAIL_URL);
  const status = read.value?.status ?? null;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, setPending] = useState(false);
  const titleId = useId();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const parsed = changeEmailBodySchema.safeParse({ email, password });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      setResult(null);
      return;
    }
    setErrors({});
    setPending(true);
    const data = await send(api.post<MessageResponse>(EMAIL_URL, parsed.data), {
      inline: (text) => setResult({ ok: false, text }),
    });
    setPending(false);
    if (!data) return;
    setResult({ ok: true, text: data.message });
    setEmail('');
    setPassword('');
    read.reload();
  }

  return (
    <section
      aria-labelledby={titleId}
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-5"
    >
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        E-mail da conta
      </h2>
      {status ? (
        <div className="space-y-1 text-sm text-slate-700">
          <p className="flex flex-wrap items-center gap-2">
            <span className="break-all font-medium text-slate-900">{status.email}</span>
            <span
              className={`rounded-full px-2 py-0.5 text-xs font-medium ${
                status.verified ? 'bg-green-100 text-green-900' : 'bg-amber-100 text-amber-950'
              }`}
            >
              {status.verified ? 'Confirmado' : 'Não confirmado'}
            </span>
          </p>
          {status.pendingEmail && (
            <p>
              Aguardando confirmação de <strong className="break-all">{status.pendingEmail}</strong>
              : a conta continua usando o e-mail acima até você abrir o link enviado.
            </p>
          )}
        </div>
      ) : read.error ? (
        <p role="alert" className="text-red-700">
          {read.error}
        </p>
      ) : (
        <p className="text-slate-600">Carregando…</p>
      )}
      <form onSubmit={handleSubmit} noValidate className="space-y-3">
        <h3 className="text-base font-medium text-slate-900">Trocar e-mail</h3>
        <Field label="Novo e-mail" error={errors.email}>
          {(control) => (
            <input
              {...control}
              type="email"
              autoComplete="email"
              className={inputClass}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          )}
        </Field>
        <Field label="Sua senha" hint="Para confirmar que é você." error={errors.password}>
          {(control) => (
            <input
              {...control}
              type="password"
              autoComplete="current-password"
              className={inputClass}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </Field>
        <Button type="submit" pending={pending}>
          Enviar link de confirmação
        </Button>
        {result && (
          <p
            role={result.ok ? 'status' : 'alert'}
            className={result.ok ? 'text-green-800' : 'text-red-700'}
          >
            {result.text}
          </p>
        )}
      </form>
    </section>
  );
}
