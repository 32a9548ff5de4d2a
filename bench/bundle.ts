import {
  BUDGET_KB,
  CEILING_KB,
  type EntryJsFile,
  measureEntryJs,
  measureHydrationJs,
} from '../scripts/bundle-size.mjs';

export interface BundleResult {
  budgetKb: number;
  ceilingKb: number;
  /** What `/` executes before idle: the first script and its static imports. */
  totalGzipKb: number;
  files: EntryJsFile[];
  /** What hydrates `/` once idle. */
  hydration: { totalGzipKb: number; files: EntryJsFile[] };
}

/** The JS `/` executes before idle (budget 100 kB gzip), and what hydrates it after. */
export function measureBundle(distDir: string): BundleResult {
  const { files, totalGzipKb } = measureEntryJs(distDir);
  return {
    budgetKb: BUDGET_KB,
    ceilingKb: CEILING_KB,
    totalGzipKb,
    files,
    hydration: measureHydrationJs('/', distDir),
  };
}
