import { useId, useState, type FormEvent } from 'react';
import {
  twoStepCodeBodySchema,
  type TwoStepSetup,
  type TwoStepStatus,
} from '@aprendiz/contract/staff';
import { Button } from '../../components/ui/button';
import { Field, inputClass } from '../../components/ui/field';
import { useResource } from '../../data/resource';
import { api } from '../../lib/api-client';
import { send } from '../../lib/send';

const STATUS_URL = '/api/account/2fa';

/** The code field of every step here: six digits from the app, or a recovery code. */
function CodeField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
}) {
  return (
    <Field label={label} error={error ?? undefined}>
      {(control) => (
        <input
          {...control}
          className={`${inputClass} max-w-48 font-mono tracking-widest`}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={20}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

/** Checks the code with the contract's schema: its message beside the field, or the clean code. */
function checkCode(code: string, setError: (message: string | null) => void): string | null {
  const checked = twoStepCodeBodySchema.safeParse({ code });
  if (!checked.success) {
    setError(checked.error.issues[0]?.message ?? 'Código inválido');
    return null;
  }
  setError(null);
  return checked.data.code;
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="space-y-3" role="status">
      <p className="font-semibold text-green-800">Verificação em duas etapas ativada.</p>
      <p className="text-sm text-slate-700">
        Salve estes códigos de recuperação em um lugar seguro. Cada um entra uma única vez, se você
        perder o celular. Eles não serão mostrados de novo.
      </p>
      <ul
        aria-label="Códigos de recuperação"
        className="grid grid-cols-2 gap-2 rounded-md bg-slate-50 p-3 font-mono text-sm sm:grid-cols-3"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Button variant="secondary" onClick={onDone}>
        Já guardei os códigos
      </Button>
    </div>
  );
}

/**
 * 'Verificação em duas etapas' in the profile: set up with a QR code (made on the server) and the
 * first code from the app, then the recovery codes once; turning it off asks for a current code.
 */
export function TwoStepSettings() {
  const status = useResource<TwoStepStatus>(STATUS_URL);
  const [setup, setSetup] = useState<TwoStepSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const titleId = useId();
  const enabled = status.value?.enabled ?? false;

  async function start() {
    setPending(true);
    const started = await send(api.post<TwoStepSetup>('/api/account/2fa/setup'));
    setPending(false);
    if (started) {
      setSetup(started);
      setCode('');
    }
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    const clean = checkCode(code, setError);
    if (!clean) return;
    setPending(true);
    const done = await send(
      api.post<{ recoveryCodes: string[] }>('/api/account/2fa/enable', { code: clean }),
      { inline: setError },
    );
    setPending(false);
    if (!done) return;
    setSetup(null);
    setCode('');
    setRecoveryCodes(done.recoveryCodes);
    status.reload();
  }

  async function turnOff(event: FormEvent) {
    event.preventDefault();
    const clean = checkCode(code, setError);
    if (!clean) return;
    setPending(true);
    const done = await send(api.post('/api/account/2fa/disable', { code: clean }), {
      inline: setError,
    });
    setPending(false);
    if (!done) return;
    setCode('');
    status.reload();
  }

  let body;
  if (recoveryCodes) {
    body = <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  } else if (status.error) {
    body = (
      <p role="alert" className="text-sm text-red-700">
        {status.error}
      </p>
    );
  } else if (!status.value) {
    body = <p className="text-slate-600">Carregando…</p>;
  } else if (enabled) {
    body = (
      <form onSubmit={turnOff} noValidate className="space-y-3">
        <p className="text-slate-800">
          <span className="font-semibold text-green-800">Ativada.</span> Ao entrar, pedimos também
          um código do seu aplicativo autenticador. Restam {status.value.recoveryCodesLeft} códigos
          de recuperação.
        </p>
        <CodeField
          label="Código atual para desativar"
          value={code}
          onChange={setCode}
          error={error}
        />
        <Button type="submit" variant="secondary" pending={pending}>
          Desativar
        </Button>
      </form>
    );
  } else if (setup) {
    body = (
      <form onSubmit={confirm} noValidate className="space-y-3">
        <ol className="list-decimal space-y-2 pl-5 text-sm text-slate-700">
          <li>Abra um aplicativo autenticador (Google Authenticator, Authy, 1Password…).</li>
          <li>Leia o QR code ou digite a chave abaixo.</li>
          <li>Digite o código de 6 dígitos que o aplicativo mostrar.</li>
        </ol>
        <img
          src={setup.qrCode}
          alt="QR code para o aplicativo autenticador"
          width={176}
          height={176}
          className="rounded-md border border-slate-200 bg-white"
        />
        <p className="text-sm text-slate-700">
          Chave:{' '}
          <code data-testid="two-step-secret" className="font-mono break-all">
            {setup.secret}
          </code>
        </p>
        <CodeField label="Código do aplicativo" value={code} onChange={setCode} error={error} />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" pending={pending}>
            Ativar
          </Button>
          <Button variant="ghost" onClick={() => setSetup(null)}>
            Cancelar
          </Button>
        </div>
      </form>
    );
  } else {
    body = (
      <div className="space-y-3">
        <p className="text-slate-700">
          Proteja a sua conta com um código do celular além da senha. Obrigatória para a equipe da
          plataforma.
        </p>
        <Button onClick={() => void start()} pending={pending}>
          Configurar
        </Button>
      </div>
    );
  }

  return (
    <section
      aria-labelledby={titleId}
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-5"
    >
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        Verificação em duas etapas
      </h2>
      {body}
    </section>
  );
}
