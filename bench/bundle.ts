import { BUDGET_KB, type EntryJsFile, measureEntryJs } from '../scripts/bundle-size.mjs';

export interface BundleResult {
  budgetKb: number;
  totalGzipKb: number;
  files: EntryJsFile[];
}

/** DESIGN §9: the JS that `/` loads (entry + modulepreloads), gzip; the same check as `npm run build`. */
export function measureBundle(distDir: string): BundleResult {
  const { files, totalGzipKb } = measureEntryJs(distDir);
  return { budgetKb: BUDGET_KB, totalGzipKb, files };
}
