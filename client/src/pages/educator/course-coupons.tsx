import { Suspense, use, useState, type FormEvent } from 'react';
import {
  Link,
  useLoaderData,
  useParams,
  useRevalidator,
  type LoaderFunctionArgs,
} from 'react-router-dom';
import {
  newCouponSchema,
  type Coupon,
  type CouponListResponse,
  type NewCouponInput,
} from '@aprendiz/contract/coupons';
import { COUPON_KINDS, type CouponKind } from '@aprendiz/contract/rules/coupons';
import { formatMoney } from '@aprendiz/contract/rules/currency';
import { Deferred } from '../../components/deferred';
import { Loader } from '../../components/loader';
import { notify } from '../../components/toast';
import { Button, buttonClass } from '../../components/ui/button';
import { Field, fieldErrors, inputClass } from '../../components/ui/field';
import {
  cellClass,
  EmptyRow,
  headCellClass,
  headRowClass,
  rowClass,
  TableBox,
  tableClass,
} from '../../components/ui/table';
import { paths } from '../../config/paths';
import { useAppContext } from '../../context/app-context';
import { loadSignedIn, useSignedInResult, type SignedIn } from '../../data/signed-in-loader';
import type { LoadResult } from '../../data/load-result';
import { api } from '../../lib/api-client';
import { send } from '../../lib/send';
import { usePageTitle } from '../../lib/use-page-title';
import { copyText } from '../../lib/clipboard';

const KIND_LABELS: Record<CouponKind, string> = {
  percent: 'Porcentagem de desconto',
  amount: 'Valor de desconto',
  price: 'Preço fixo (0 = grátis)',
};

const DATE_FORMAT = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'medium' });

/** GET /api/educator/course/:id/coupons, not awaited. */
export function loader({
  params,
  request,
}: LoaderFunctionArgs): Promise<SignedIn<CouponListResponse>> {
  return loadSignedIn(request, async (signal) => {
    const { data } = await api.get<CouponListResponse>(
      `/api/educator/course/${encodeURIComponent(params.id ?? '')}/coupons`,
      { signal },
    );
    return data;
  });
}

/** The heading's course name, once the codes (which carry it) have arrived. */
function CourseName({ result }: { result: Promise<LoadResult<CouponListResponse>> }) {
  const loaded = use(result);
  if (!loaded.ok) return null;
  return (
    <>
      <span className="sr-only"> de </span>
      <span className="block text-base font-normal text-slate-700">{loaded.value.courseTitle}</span>
    </>
  );
}

function describe(coupon: Coupon, currency: string): string {
  if (coupon.kind === 'percent') return `${coupon.value}% de desconto`;
  if (coupon.kind === 'amount') return `${formatMoney(coupon.value, currency)} de desconto`;
  return coupon.value === 0 ? 'Grátis' : `Preço ${formatMoney(coupon.value, currency)}`;
}

function uses(count: number): string {
  return count === 1 ? '1 uso' : `${count} usos`;
}

/** The course page's address with the code in it: the link an educator hands out. */
export function couponLink(courseId: string, code: string): string {
  return `${window.location.origin}${paths.course(courseId)}?cupom=${encodeURIComponent(code)}`;
}

function limits(coupon: Coupon): string {
  const parts = [
    coupon.startsAt ? `de ${DATE_FORMAT.format(new Date(coupon.startsAt))}` : null,
    coupon.endsAt ? `até ${DATE_FORMAT.format(new Date(coupon.endsAt))}` : null,
    coupon.maxRedemptions !== null
      ? `${coupon.redemptions} de ${uses(coupon.maxRedemptions)}`
      : uses(coupon.redemptions),
    coupon.onePerLearner ? 'um por aluno' : null,
  ];
  return parts.filter(Boolean).join(' · ');
}

/** A date input's day as the end (or start) of that day in the educator's time zone. */
function dayToIso(day: string, end: boolean): string | undefined {
  if (!day) return undefined;
  const date = new Date(`${day}T${end ? '23:59:59' : '00:00:00'}`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

function NewCouponForm({ courseId, onSaved }: { courseId: string; onSaved: () => void }) {
  const [code, setCode] = useState('');
  const [kind, setKind] = useState<CouponKind>('percent');
  const [value, setValue] = useState('10');
  const [startsAt, setStartsAt] = useState('');
  const [endsAt, setEndsAt] = useState('');
  const [maxRedemptions, setMaxRedemptions] = useState('');
  const [onePerLearner, setOnePerLearner] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body: NewCouponInput = {
      code,
      kind,
      value: Number(value),
      startsAt: dayToIso(startsAt, false),
      endsAt: dayToIso(endsAt, true),
      maxRedemptions: maxRedemptions ? Number(maxRedemptions) : undefined,
      onePerLearner,
    };
    const parsed = newCouponSchema.safeParse(body);
    const found = parsed.success ? {} : fieldErrors(parsed.error.issues);
    setErrors(found);
    if (!parsed.success) return;
    setPending(true);
    const saved = await send(
      api.post(`/api/educator/course/${encodeURIComponent(courseId)}/coupons`, parsed.data),
    );
    setPending(false);
    if (!saved) return;
    notify.success(`Cupom ${parsed.data.code} criado`);
    setCode('');
    onSaved();
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="grid max-w-3xl gap-4 rounded-md border border-slate-200 bg-white p-4 sm:grid-cols-2"
    >
      <Field label="Código" error={errors.code}>
        {(control) => (
          <input
            {...control}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoCapitalize="characters"
            className={inputClass}
          />
        )}
      </Field>
      <Field label="Tipo" error={errors.kind}>
        {(control) => (
          <select
            {...control}
            value={kind}
            onChange={(event) => setKind(event.target.value as CouponKind)}
            className={inputClass}
          >
            {COUPON_KINDS.map((k) => (
              <option key={k} value={k}>
                {KIND_LABELS[k]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={kind === 'percent' ? 'Desconto (%)' : 'Valor'} error={errors.value}>
        {(control) => (
          <input
            {...control}
            type="number"
            min={0}
            step={kind === 'percent' ? 1 : 0.01}
            inputMode="decimal"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            className={inputClass}
          />
        )}
      </Field>
      <Field label="Limite de usos (opcional)" error={errors.maxRedemptions}>
        {(control) => (
          <input
            {...control}
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            value={maxRedemptions}
            onChange={(event) => setMaxRedemptions(event.target.value)}
            className={inputClass}
          />
        )}
      </Field>
      <Field label="Início (opcional)" error={errors.startsAt}>
        {(control) => (
          <input
            {...control}
            type="date"
            value={startsAt}
            onChange={(event) => setStartsAt(event.target.value)}
            className={inputClass}
          />
        )}
      </Field>
      <Field label="Fim (opcional)" error={errors.endsAt}>
        {(control) => (
          <input
            {...control}
            type="date"
            value={endsAt}
            onChange={(event) => setEndsAt(event.target.value)}
            className={inputClass}
          />
        )}
      </Field>
      <label className="flex items-center gap-2 text-sm text-slate-800 sm:col-span-2">
        <input
          type="checkbox"
          checked={onePerLearner}
          onChange={(event) => setOnePerLearner(event.target.checked)}
          className="h-4 w-4"
        />
        Um uso por aluno
      </label>
      <div className="sm:col-span-2">
        <Button type="submit" pending={pending}>
          Criar cupom
        </Button>
      </div>
    </form>
  );
}

function CouponTable({ courseId, coupons }: { courseId: string; coupons: Coupon[] }) {
  const { currency } = useAppContext();
  const { revalidate } = useRevalidator();
  const [busy, setBusy] = useState<string | null>(null);

  async function remove(coupon: Coupon) {
    setBusy(coupon.code);
    const done = await send(
      api.delete(
        `/api/educator/course/${encodeURIComponent(courseId)}/coupons/${encodeURIComponent(coupon.code)}`,
      ),
    );
    setBusy(null);
    if (!done) return;
    notify.success(`Cupom ${coupon.code} apagado`);
    void revalidate();
  }

  return (
    <TableBox label="Cupons">
      <table className={tableClass}>
        <thead className={headRowClass}>
          <tr>
            <th scope="col" className={headCellClass}>
              Código
            </th>
            <th scope="col" className={headCellClass}>
              Desconto
            </th>
            <th scope="col" className={headCellClass}>
              Validade e usos
            </th>
            <th scope="col" className={headCellClass}>
              <span className="sr-only">Ações</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {coupons.length === 0 ? (
            <EmptyRow columns={4}>Nenhum cupom ainda.</EmptyRow>
          ) : (
            coupons.map((coupon) => (
              <tr key={coupon.code} className={rowClass}>
                <td className={`${cellClass} font-mono`}>{coupon.code}</td>
                <td className={cellClass}>{describe(coupon, currency)}</td>
                <td className={cellClass}>{limits(coupon)}</td>
                <td className={`${cellClass} whitespace-nowrap`}>
                  <Button
                    variant="link"
                    size="sm"
                    onClick={() =>
                      void copyText(couponLink(courseId, coupon.code), {
                        copied: `Link do cupom ${coupon.code} copiado`,
                        failed:
                          'Não foi possível copiar: copie o endereço do curso e junte ?cupom=',
                      })
                    }
                    aria-label={`Copiar o link do cupom ${coupon.code}`}
                  >
                    Copiar link
                  </Button>{' '}
                  <Button
                    variant="link"
                    size="sm"
                    pending={busy === coupon.code}
                    onClick={() => void remove(coupon)}
                    aria-label={`Apagar o cupom ${coupon.code}`}
                  >
                    Apagar
                  </Button>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </TableBox>
  );
}

/** /educator/course/:id/coupons: the course's codes, and a form to make another. */
export default function CourseCouponsPage() {
  usePageTitle('Cupons');
  const { id = '' } = useParams();
  const { revalidate } = useRevalidator();
  const result = useSignedInResult(useLoaderData<typeof loader>());
  return (
    <div className="space-y-6 p-4 md:p-8">
      <h1 className="text-2xl font-semibold text-slate-900">
        Cupons
        {result && (
          <Suspense fallback={null}>
            <CourseName result={result} />
          </Suspense>
        )}
      </h1>
      <p className="max-w-3xl text-sm text-slate-700">
        Compartilhe o link do curso com <code>?cupom=CÓDIGO</code> no fim, ou diga o código aos
        alunos: maiúsculas e acentos não contam. O preço nunca fica abaixo de 0.
      </p>
      <p className="max-w-3xl text-sm text-slate-700">
        O cupom vale sobre o preço já com o desconto do curso: num curso de 100 com 20% de desconto,
        um cupom de 50% deixa 40, e um de preço fixo nunca deixa mais que 80.
      </p>
      <NewCouponForm courseId={id} onSaved={() => void revalidate()} />
      <Deferred
        result={result}
        pending={<Loader label="Carregando os cupons…" />}
        failedTitle="Não foi possível carregar os cupons"
        failedActions={
          <Link
            to={paths.educatorMyCourses}
            className={buttonClass({ variant: 'link', size: 'lg' })}
          >
            Voltar a My Courses
          </Link>
        }
      >
        {({ coupons }) => <CouponTable courseId={id} coupons={coupons} />}
      </Deferred>
    </div>
  );
}
