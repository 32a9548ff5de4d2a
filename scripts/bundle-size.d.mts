export declare const BUDGET_KB: number;
export declare const CEILING_KB: number;
export declare const PAGE_CHUNKS: Record<'/' | '/course-list' | '/course/:id', string>;
export declare const CEILINGS_KB: Partial<Record<keyof typeof PAGE_CHUNKS, number>>;
export declare const ON_FIRST_USE: string[];

export interface EntryJsFile {
  file: string;
  /** The chunk's name in the manifest (`api-client`, `shared`…). */
  chunk: string;
  raw: number;
  gzip: number;
}

/** JS executed on `/` before the page is idle. */
export declare function measureEntryJs(dist?: string): {
  files: EntryJsFile[];
  totalGzipKb: number;
};

/** JS that hydrates a public page once idle, beyond what ran before. */
export declare function measureHydrationJs(
  page?: keyof typeof PAGE_CHUNKS,
  dist?: string,
): {
  files: EntryJsFile[];
  totalGzipKb: number;
};
