import {
  EXPORT_FAILED_MESSAGE,
  EXPORT_LINK_DAYS,
  privacyStateResponseSchema,
  REMOVED_PERSON_NAME,
  type PrivacyState,
} from '@aprendiz/contract/privacy';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useAuthActions } from '../../auth/auth-context';
import { notify } from '../../components/toast';
import { Button, buttonClass } from '../../components/ui/button';
import { Field, inputClass } from '../../components/ui/field';
import { useResource } from '../../data/resource';
import { api } from '../../lib/api-client';
import { send } from '../../lib/send';

const STATE_URL = '/api/account/privacy';
const UNREADABLE = 'Não foi possível carregar "Meus dados" agora. Recarregue a página.';
/** How often a pending export is asked about; the mail says it too. */
const EXPORT_POLL_MS = 2000;

const DATE = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeStyle: 'short' });

function formatDate(iso: string): string {
  return DATE.format(new Date(iso));
}

const boxClass = 'space-y-4 rounded-lg border border-slate-200 bg-white p-5';

/** 'Baixar meus dados': asks for the ZIP, follows it while the job builds it, then links it. */
function MyData({ state, reload }: { state: PrivacyState; reload: () => void }) {
  const [pending, setPending] = useState(false);
  const titleId = useId();
  const latest = state.export;
  const building = latest?.status === 'pending';

  useEffect(() => {
    if (!building) return;
    const timer = setInterval(reload, EXPORT_POLL_MS);
    return () => clearInterval(timer);
  }, [building, reload]);

  async function requestExport() {
    setPending(true);
    const started = await send(api.post<{ requestId: string }>('/api/account/export'));
    setPending(false);
    if (started) reload();
  }

  return (
    <section aria-labelledby={titleId} className={boxClass}>
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        Meus dados
      </h2>
      <p className="text-sm text-slate-700">
        Baixe uma cópia de tudo o que a plataforma mantém sobre você: cadastro, matrículas, compras,
        progresso, avaliações, perguntas, respostas, notas, certificados e mais, num arquivo ZIP com
        um LEIA-ME que explica cada parte. Preparamos o arquivo em alguns instantes e enviamos o
        link também por e-mail; ele vale por {EXPORT_LINK_DAYS} dias. Você pode pedir uma cópia por
        dia.
      </p>
      {building && (
        <p role="status" className="text-sm text-slate-700">
          Preparando seus dados…
        </p>
      )}
      {latest?.status === 'ready' && latest.url && (
        <div role="status" className="space-y-2">
          <a
            href={latest.url}
            className={buttonClass({ size: 'lg', className: 'inline-block' })}
            download
          >
            Baixar o arquivo (ZIP)
          </a>
          {latest.expiresAt && (
            <p className="text-sm text-slate-600">
              O link vale até {formatDate(latest.expiresAt)}.
            </p>
          )}
        </div>
      )}
      {latest?.status === 'failed' && (
        <p role="alert" className="text-sm text-red-700">
          {latest.message ?? EXPORT_FAILED_MESSAGE}
        </p>
      )}
      {latest?.nextAllowedAt ? (
        <p className="text-sm text-slate-600">
          Você poderá pedir outra cópia a partir de {formatDate(latest.nextAllowedAt)}.
        </p>
      ) : (
        <Button
          type="button"
          variant="secondary"
          pending={pending}
          onClick={() => void requestExport()}
        >
          Baixar meus dados
        </Button>
      )}
    </section>
  );
}

/** What closing the account does, said before anything is asked. */
function Consequences({ coolOffDays, local }: { coolOffDays: number; local: boolean }) {
  // A local account is signed out at once, so signing in again is the way back; with Clerk the
  // sessions stay open until the day, and the way back is the button on this page.
  const wayBack = local
    ? 'basta entrar de novo para cancelar'
    : 'você pode cancelar aqui mesmo, em “Cancelar exclusão”';
  return (
    <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
      <li>
        {coolOffDays > 0
          ? `A exclusão acontece ${coolOffDays} ${coolOffDays === 1 ? 'dia' : 'dias'} depois do pedido. Até lá, ${wayBack}.`
          : 'A exclusão acontece logo após o pedido e não pode ser desfeita.'}
      </li>
      <li>Você sai de todos os aparelhos.</li>
      <li>Sua foto, suas notas, suas sessões e seu progresso nos cursos são apagados.</li>
      <li>
        Suas avaliações, perguntas e respostas continuam visíveis para ajudar outras pessoas, mas
        assinadas como “{REMOVED_PERSON_NAME}”.
      </li>
      <li>
        As compras ficam registradas sem seu nome e seu e-mail, como a lei fiscal exige. Seus
        certificados continuam verificáveis, sem o seu nome.
      </li>
      <li>Seu e-mail fica livre: você pode criar uma conta nova com ele depois.</li>
    </ul>
  );
}

/** 'Excluir minha conta': the blockers, or the confirmation; a scheduled deletion and its cancel. */
function CloseAccount({ state, reload }: { state: PrivacyState; reload: () => void }) {
  const { signOut } = useAuthActions();
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const titleId = useId();

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    setError(null);
    const data = await send(
      api.post<{ scheduledFor: string; message: string }>(
        '/api/account/delete',
        state.needsPassword ? { password } : {},
      ),
      { inline: setError },
    );
    setPending(false);
    if (!data) return;
    setPassword('');
    if (state.needsPassword) {
      notify.success(
        `Exclusão agendada para ${formatDate(data.scheduledFor)}. Para cancelar, entre de novo antes disso.`,
      );
      // The server has already ended every session, this one included: the session ends here
      // before anything else is read with its token, and the person goes home without being asked
      // to sign in again.
      await signOut({ endedByServer: true });
      return;
    }
    notify.success(`Exclusão agendada para ${formatDate(data.scheduledFor)}.`);
    setConfirming(false);
    reload();
  }

  async function cancel() {
    setPending(true);
    const done = await send(api.post<{ message: string }>('/api/account/delete/cancel'));
    setPending(false);
    if (!done) return;
    notify.success(done.message);
    reload();
  }

  return (
    <section aria-labelledby={titleId} className={`${boxClass} border-red-200`}>
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        Excluir minha conta
      </h2>
      {state.deletion ? (
        <div className="space-y-3">
          <p role="status" className="text-sm text-slate-800">
            Sua conta será excluída em {formatDate(state.deletion.scheduledFor)}.
          </p>
          <Button type="button" variant="secondary" pending={pending} onClick={() => void cancel()}>
            Cancelar exclusão
          </Button>
        </div>
      ) : (
        <>
          <Consequences coolOffDays={state.coolOffDays} local={state.needsPassword} />
          {state.blockers.length > 0 ? (
            <div className="space-y-2">
              <p className="text-sm font-medium text-slate-900">
                Antes de excluir a conta, resolva o seguinte:
              </p>
              <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
                {state.blockers.map((blocker) => (
                  <li key={blocker.kind}>{blocker.message}</li>
                ))}
              </ul>
            </div>
          ) : confirming ? (
            <form onSubmit={(e) => void confirm(e)} className="space-y-3" noValidate>
              {state.needsPassword ? (
                <Field label="Sua senha, para confirmar" error={error}>
                  {(control) => (
                    <input
                      {...control}
                      className={inputClass}
                      type="password"
                      autoComplete="current-password"
                      required
                      value={password}
                      onChange={(e) => setPassword(e.target.value)}
                    />
                  )}
                </Field>
              ) : (
                <>
                  <p className="text-sm text-slate-700">
                    Por segurança, a confirmação só vale nos primeiros minutos depois de entrar: se
                    ela for recusada, saia, entre de novo e volte aqui.
                  </p>
                  {error && (
                    <p role="alert" className="text-sm text-red-700">
                      {error}
                    </p>
                  )}
                </>
              )}
              <div className="flex flex-wrap gap-3">
                <Button type="submit" variant="danger" pending={pending}>
                  Excluir minha conta
                </Button>
                <Button type="button" variant="ghost" onClick={() => setConfirming(false)}>
                  Voltar
                </Button>
              </div>
            </form>
          ) : (
            <Button type="button" variant="danger" onClick={() => setConfirming(true)}>
              Quero excluir minha conta
            </Button>
          )}
        </>
      )}
    </section>
  );
}

/** The profile's privacy part: take a copy of one's data, close one's account. */
export function PrivacySection() {
  const read = useResource<unknown>(STATE_URL);
  const { reload } = read;
  // An answer of another shape (an older server) reads as a failure, not as a crash.
  const parsed = read.value === null ? null : privacyStateResponseSchema.safeParse(read.value);
  const error = read.error ?? (parsed?.success === false ? UNREADABLE : null);
  if (!parsed?.success) {
    return error ? (
      <p role="alert" className="text-sm text-red-700">
        {error}
      </p>
    ) : (
      <p className="text-slate-600">Carregando seus dados…</p>
    );
  }
  return (
    <>
      <MyData state={parsed.data} reload={reload} />
      <CloseAccount state={parsed.data} reload={reload} />
    </>
  );
}
