import { BUDGET_KB, type EntryJsFile, measureEntryJs } from '../scripts/bundle-size.mjs';

export interface BundleResult {
  budgetKb: number;
  totalGzipKb: number;
  files: EntryJsFile[];
}

/** The JS that `/` loads (entry + modulepreloads), gzip, against its 96 kB budget. */
export function measureBundle(distDir: string): BundleResult {
  const { files, totalGzipKb } = measureEntryJs(distDir);
  return { budgetKb: BUDGET_KB, totalGzipKb, files };
}
