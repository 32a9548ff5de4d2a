export declare const BUDGET_KB: number;

export interface EntryJsFile {
  file: string;
  raw: number;
  gzip: number;
}

export declare function measureEntryJs(dist?: string): {
  files: EntryJsFile[];
  totalGzipKb: number;
};
