// `npm run bench`: runs bench/run.ts under tsx (see bench/REPORT.md for the last results).
import { ensureInstalled, runOrExit } from './lib/workspace.mjs';

await ensureInstalled();
await runOrExit(process.execPath, ['--import', 'tsx', 'bench/run.ts']);
