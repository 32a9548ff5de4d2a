// `npm start`: install if needed, build the client if stale, then run the server (it migrates and seeds).
import './lib/require-node.mjs';
import { spawn } from 'node:child_process';
import { ensureClientBuilt, ensureInstalled, root } from './lib/workspace.mjs';
import { SERVER_ENV, SERVER_NODE_ARGS } from './lib/server-process.mjs';

await ensureInstalled();
await ensureClientBuilt();

const server = spawn(process.execPath, SERVER_NODE_ARGS, {
  cwd: root,
  stdio: 'inherit',
  env: { ...SERVER_ENV, ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
