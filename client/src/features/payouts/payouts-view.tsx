import type { Currency } from '@aprendiz/contract/rules/currency';
import { BalancePanel } from './balance-panel';
import type { PayoutsData } from './load-payouts';
import { PayoutHistory } from './payout-history';
import { PayoutProfileForm } from './payout-profile-form';
import { StatementsDownload } from './statements-download';

const sectionClass = 'space-y-4 rounded-md border border-slate-200 bg-slate-50 p-4';

/** The educator's money: balance and withdrawal, where it is paid, history, statements. */
export function PayoutsView({ data, onChange }: { data: PayoutsData; onChange: () => void }) {
  return (
    <div className="max-w-5xl space-y-8">
      <BalancePanel
        key={data.balance.available}
        balance={data.balance}
        canWithdraw={data.profile.profile !== null}
        onWithdrawn={onChange}
      />
      <section aria-labelledby="profile-title" className={sectionClass}>
        <h2 id="profile-title" className="text-lg font-semibold text-slate-900">
          Dados de recebimento
        </h2>
        <PayoutProfileForm data={data.profile} onSaved={onChange} />
      </section>
      <section aria-labelledby="history-title" className="space-y-4">
        <h2 id="history-title" className="text-lg font-semibold text-slate-900">
          Saques
        </h2>
        <PayoutHistory payouts={data.payouts} />
      </section>
      <section aria-labelledby="statements-title" className={sectionClass}>
        <h2 id="statements-title" className="text-lg font-semibold text-slate-900">
          Extratos
        </h2>
        <StatementsDownload currency={data.profile.currency as Currency} />
      </section>
    </div>
  );
}
