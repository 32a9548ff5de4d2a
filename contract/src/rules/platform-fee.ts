/**
 * The platform's share of each sale (`PLATFORM_FEE_PERCENT`, 0 by default). It is taken from what the
 * buyer paid (after any coupon), in the currency's minor unit, rounded half up, so the educator's net
 * is always a whole number of cents and gross = fee + net exactly.
 */
export const PLATFORM_FEE_PERCENT_MAX = 100;

/** A percentage as the deployment may set it: 0–100, at most two decimal places (9.9, 12.5). */
export function isPlatformFeePercent(percent: number): boolean {
  return (
    Number.isFinite(percent) &&
    percent >= 0 &&
    percent <= PLATFORM_FEE_PERCENT_MAX &&
    Math.abs(percent * 100 - Math.round(percent * 100)) < 1e-9
  );
}

/**
 * The fee on `amountMinor` (an amount in minor units, e.g. 1699 for 16.99) at `percent`, in minor
 * units. Counted in hundredths of a percent with integers, so no binary fraction decides a half.
 */
export function platformFeeMinor(amountMinor: number, percent: number): number {
  const basisPoints = Math.round(percent * 100);
  return Math.floor((amountMinor * basisPoints + 5000) / 10000);
}

/** A sale split three ways, in minor units: what the buyer paid, the platform's fee, the educator's net. */
export interface SaleSplit {
  gross: number;
  fee: number;
  net: number;
}

export function splitSale(grossMinor: number, percent: number): SaleSplit {
  const fee = platformFeeMinor(grossMinor, percent);
  return { gross: grossMinor, fee, net: grossMinor - fee };
}
