// `npm run bench`: builds the client if stale (Lighthouse audits the real build), then runs
// bench/run.ts under tsx; the figures land in bench/REPORT.md.
import './lib/require-node.mjs';
import { ensureClientBuilt, ensureInstalled, runOrExit } from './lib/workspace.mjs';

await ensureInstalled();
await ensureClientBuilt();
await runOrExit(process.execPath, ['--import', 'tsx', 'bench/run.ts']);
