/*
 * Paying the educator: the balance with its holds, withdrawals, where the money goes, and monthly
 * statements. Pages import only from here.
 */
export { loadPayouts, type PayoutsData } from './load-payouts';
export { PayoutsView } from './payouts-view';
