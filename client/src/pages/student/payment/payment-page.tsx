import {
  isPushMethod,
  type PaymentAttempt,
  type PaymentAttemptResponse,
  type PaymentMethod,
  type PaymentMethodsResponse,
} from '@aprendiz/contract/payments';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useAuthUser } from '../../../auth/auth-context';
import { Loader } from '../../../components/loader';
import { formatPrice } from '../../../components/price';
import { notify } from '../../../components/toast';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { usePageTitle } from '../../../lib/use-page-title';
import { afterPayment } from '../../../lib/after-payment';
import { SignInRequired } from '../../../components/sign-in-required';
import { focusRing } from '../../../components/ui/focus-ring';
import { LoadError } from '../../../components/ui/load-error';
import { countdownText, secondsLeft } from './countdown';

/** How often the page asks whether the money arrived. */
const POLL_MS = 3000;

const primaryButton = `rounded-md bg-blue-600 px-5 py-3 text-center font-medium text-white hover:bg-blue-700 ${focusRing} disabled:cursor-not-allowed disabled:opacity-60`;
const secondaryButton = `rounded-md border border-slate-300 bg-white px-5 py-3 text-center font-medium text-slate-800 hover:bg-slate-50 ${focusRing} disabled:cursor-not-allowed disabled:opacity-60`;

const STATUS_TEXT: Record<PaymentAttempt['status'], string> = {
  pending: 'Escolha um método de pagamento',
  awaiting_payment: 'Aguardando pagamento',
  completed: 'Pagamento concluído',
  expired: 'Pagamento expirado',
  failed: 'Pagamento não concluído',
  refund_pending: 'Pagamento a devolver',
  refunded: 'Pagamento devolvido',
};

type Load =
  | { state: 'loading' }
  | { state: 'not-found' }
  | { state: 'error'; message: string }
  | { state: 'ready'; purchase: PaymentAttempt };

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className={secondaryButton}
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(
          () => {
            setCopied(true);
            notify.success('Código Pix copiado');
          },
          () => notify.error('Não foi possível copiar: selecione o código e copie-o'),
        );
      }}
    >
      {copied ? 'Copiado' : 'Copiar código'}
    </button>
  );
}

function Instructions({ purchase }: { purchase: PaymentAttempt }) {
  const instructions = purchase.instructions;
  if (!instructions) return null;
  const amount = formatPrice(purchase.amount, purchase.currencyLabel);
  switch (instructions.kind) {
    case 'pix':
      return (
        <div className="flex flex-col items-center gap-4">
          <p className="text-slate-700">
            Abra o app do seu banco, escolha Pix e leia o QR code, ou use o Pix copia e cola.
          </p>
          <img
            src={`data:image/svg+xml;utf8,${encodeURIComponent(instructions.qrSvg)}`}
            alt="QR code Pix deste pagamento"
            width={220}
            height={220}
            className="rounded border border-slate-200"
          />
          <label className="w-full text-sm text-slate-600">
            Pix copia e cola
            <textarea
              readOnly
              value={instructions.code}
              rows={3}
              className="mt-1 w-full resize-none rounded border border-slate-300 p-2 font-mono text-xs break-all text-slate-900"
              onFocus={(event) => event.currentTarget.select()}
            />
          </label>
          <CopyButton text={instructions.code} />
        </div>
      );
    case 'reference':
      return (
        <div className="space-y-3">
          <p className="text-slate-700">
            Pague em um caixa eletrônico ou no internet banking, em Pagamentos por referência:
          </p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-lg bg-slate-50 p-4 text-lg">
            <dt className="text-slate-600">Entidade</dt>
            <dd className="font-mono font-semibold text-slate-900">{instructions.entity}</dd>
            <dt className="text-slate-600">Referência</dt>
            <dd className="font-mono font-semibold text-slate-900">
              {instructions.reference.replace(/(\d{3})(?=\d)/g, '$1 ')}
            </dd>
            <dt className="text-slate-600">Montante</dt>
            <dd className="font-semibold text-slate-900">{amount}</dd>
          </dl>
        </div>
      );
    case 'boleto':
      return (
        <div className="space-y-2">
          <p className="text-slate-700">Pague o boleto no app do seu banco ou em uma lotérica:</p>
          <p className="rounded bg-slate-50 p-3 font-mono text-sm break-all">
            {instructions.barcode}
          </p>
          <CopyButton text={instructions.barcode} />
        </div>
      );
    case 'push':
      return (
        <p className="rounded-lg bg-blue-50 p-4 text-lg text-blue-950">
          Aprove no app do seu celular o pedido de{' '}
          <span className="whitespace-nowrap">{amount}</span> enviado para{' '}
          <strong>{instructions.phone}</strong>.
        </p>
      );
    case 'redirect':
      return (
        <a href={instructions.url} className={primaryButton}>
          Continuar o pagamento
        </a>
      );
  }
}

function MethodChooser({
  purchase,
  onChosen,
  onCancel,
}: {
  purchase: PaymentAttempt;
  onChosen: (url: string) => void;
  onCancel?: () => void;
}) {
  const [methods, setMethods] = useState<PaymentMethodsResponse['methods'] | null>(null);
  const [method, setMethod] = useState<PaymentMethod | null>(null);
  const [phone, setPhone] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    api
      .get<PaymentMethodsResponse>('/api/payments/methods')
      .then(({ data }) => live && setMethods(data.methods))
      .catch((err: unknown) => notify.error(errorMessage(err)));
    return () => {
      live = false;
    };
  }, []);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!method || busy) return;
    setBusy(true);
    try {
      const { data } = await api.post<{ success: true; session_url: string; message?: string }>(
        `/api/payments/${encodeURIComponent(purchase._id)}/method`,
        {
          method,
          ...(isPushMethod(method) ? { phone } : {}),
        },
      );
      // The coupon it was started with may have ended meanwhile: the new price is not a surprise.
      if (data.message) notify.info(data.message);
      onChosen(data.session_url);
    } catch (err) {
      notify.error(errorMessage(err));
    }
    setBusy(false);
  }

  if (!methods) return <Loader label="Carregando métodos de pagamento…" />;
  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-4">
      <fieldset className="space-y-2">
        <legend className="mb-2 font-medium text-slate-900">Como quer pagar?</legend>
        {methods.map((m) => (
          <label
            key={m.id}
            className="flex cursor-pointer items-center gap-3 rounded-md border border-slate-300 p-3 has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50"
          >
            <input
              type="radio"
              name="method"
              value={m.id}
              checked={method === m.id}
              onChange={() => setMethod(m.id)}
            />
            <span className="text-slate-900">{m.label}</span>
          </label>
        ))}
      </fieldset>
      {method && isPushMethod(method) && (
        <label className="block text-sm text-slate-700">
          Número de celular
          <input
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            required
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
            placeholder="9XX XXX XXX"
            className="mt-1 block w-full rounded-md border border-slate-300 p-2 text-base"
          />
        </label>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {onCancel && (
          <button type="button" className={secondaryButton} onClick={onCancel}>
            Voltar
          </button>
        )}
        <button type="submit" className={primaryButton} disabled={!method || busy}>
          Continuar
        </button>
      </div>
    </form>
  );
}

function AttemptView({ purchase, reload }: { purchase: PaymentAttempt; reload: () => void }) {
  usePageTitle(STATUS_TEXT[purchase.status]);
  const navigate = useNavigate();
  const awaiting = purchase.status === 'awaiting_payment';
  const now = useNow(awaiting);
  const [choosing, setChoosing] = useState(false);
  const [busy, setBusy] = useState(false);
  const left = secondsLeft(purchase.expiresAt, now);

  // The countdown ran out: ask the server, whose provider decides whether it expired.
  const expiredOnce = useRef(false);
  useEffect(() => {
    if (awaiting && left === 0 && !expiredOnce.current) {
      expiredOnce.current = true;
      reload();
    }
  }, [awaiting, left, reload]);

  const chosen = (url: string) => {
    setChoosing(false);
    if (url.startsWith('/payment/')) reload();
    else if (url.startsWith('/')) navigate(url);
    else window.location.assign(url);
  };

  async function post(path: string) {
    if (busy) return;
    setBusy(true);
    try {
      await api.post(`/api/payments/${path}`);
      reload();
    } catch (err) {
      notify.error(errorMessage(err));
    }
    setBusy(false);
  }

  const amount = formatPrice(purchase.amount, purchase.currencyLabel);
  const retryable = purchase.status === 'expired' || purchase.status === 'failed';
  return (
    <div className="mx-auto w-full max-w-lg px-4 py-8">
      <article className="space-y-5 rounded-lg border border-slate-200 bg-white p-5 shadow-md sm:p-6">
        <header className="space-y-1">
          <h1 className="text-2xl font-semibold text-slate-900" aria-live="polite">
            {STATUS_TEXT[purchase.status]}
          </h1>
          <p className="text-slate-700">
            {purchase.courseTitle} · <strong className="whitespace-nowrap">{amount}</strong>
          </p>
        </header>
        {purchase.sandbox && (
          <p role="note" className="rounded-md bg-amber-100 px-3 py-2 text-sm text-amber-950">
            <strong>Modo de teste:</strong> nenhum valor real será cobrado.
          </p>
        )}
        {choosing || purchase.status === 'pending' ? (
          <MethodChooser
            purchase={purchase}
            onChosen={chosen}
            onCancel={purchase.status === 'pending' ? undefined : () => setChoosing(false)}
          />
        ) : (
          <>
            {awaiting && (
              <>
                <Instructions purchase={purchase} />
                {left !== null && (
                  <p className="text-center text-slate-700" role="timer" aria-live="off">
                    Expira em <strong className="font-mono">{countdownText(left)}</strong>
                  </p>
                )}
                <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
                  <button
                    type="button"
                    className={secondaryButton}
                    onClick={() => setChoosing(true)}
                  >
                    Escolher outro método
                  </button>
                  <button
                    type="button"
                    className={primaryButton}
                    disabled={busy}
                    onClick={() => void post(`${encodeURIComponent(purchase._id)}/check`)}
                  >
                    Já paguei
                  </button>
                </div>
                {purchase.sandbox && (
                  <div className="flex flex-wrap gap-3 border-t border-slate-200 pt-4">
                    <button
                      type="button"
                      className={secondaryButton}
                      disabled={busy}
                      onClick={() =>
                        void post(`sandbox/${encodeURIComponent(purchase._id)}/complete`)
                      }
                    >
                      Simular pagamento recebido
                    </button>
                    <button
                      type="button"
                      className={secondaryButton}
                      disabled={busy}
                      onClick={() => void post(`sandbox/${encodeURIComponent(purchase._id)}/fail`)}
                    >
                      Simular recusa
                    </button>
                  </div>
                )}
              </>
            )}
            {retryable && (
              <div className="space-y-4">
                <p className="text-slate-700">
                  {purchase.status === 'expired'
                    ? 'O prazo deste pagamento terminou sem que o valor chegasse.'
                    : 'O pagamento foi recusado ou cancelado.'}{' '}
                  Pode tentar de novo, com o mesmo ou outro método.
                </p>
                <button type="button" className={primaryButton} onClick={() => setChoosing(true)}>
                  Tentar de novo
                </button>
              </div>
            )}
            {!awaiting && !retryable && (
              <Link to={paths.course(purchase.courseId)} className={primaryButton}>
                Voltar ao curso
              </Link>
            )}
          </>
        )}
      </article>
    </div>
  );
}

/** /payment/{purchaseId}: 'Aguardando pagamento' — the voucher, its countdown and its status, live. */
export default function PaymentPage() {
  const { user, isLoaded } = useAuthUser();
  const { purchaseId = '' } = useParams();
  const navigate = useNavigate();
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  const read = useCallback(async () => {
    try {
      const { data } = await api.get<PaymentAttemptResponse>(
        `/api/payments/${encodeURIComponent(purchaseId)}`,
      );
      setLoad({ state: 'ready', purchase: data.purchase });
    } catch (err) {
      setLoad(
        isApiError(err, 404)
          ? { state: 'not-found' }
          : { state: 'error', message: errorMessage(err) },
      );
    }
  }, [purchaseId]);

  const userId = user?.id ?? null;
  const status = load.state === 'ready' ? load.purchase.status : null;
  useEffect(() => {
    if (userId) void read();
  }, [userId, read]);
  // The status updates by itself while the money is awaited.
  useEffect(() => {
    if (status !== 'awaiting_payment') return;
    const timer = setInterval(() => void read(), POLL_MS);
    return () => clearInterval(timer);
  }, [status, read]);
  // Paid: the learner lands in the course, as after a card payment.
  useEffect(() => {
    if (load.state === 'ready' && load.purchase.status === 'completed') {
      notify.success('Pagamento concluído. Bons estudos!');
      navigate(paths.loading('my-enrollments'), {
        replace: true,
        state: afterPayment(load.purchase.courseTitle),
      });
    }
  }, [load, navigate]);

  if (!isLoaded) return <Loader label="Carregando pagamento…" />;
  if (!user)
    return (
      <SignInRequired
        title="Aguardando pagamento"
        message="Entre na sua conta para acompanhar o pagamento."
      />
    );
  if (load.state === 'loading') return <Loader label="Carregando pagamento…" />;
  if (load.state === 'not-found')
    return (
      <section className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-semibold text-slate-900">Pagamento não encontrado</h1>
        <p className="mt-2 text-slate-700">Este pagamento não existe ou pertence a outra conta.</p>
      </section>
    );
  if (load.state === 'error')
    return (
      <LoadError
        title="Não foi possível carregar o pagamento"
        message={load.message}
        onRetry={() => void read()}
      />
    );
  return <AttemptView purchase={load.purchase} reload={() => void read()} />;
}
