// `npm run dev`: the API in watch mode on :3000 and Vite with hot reload (proxying /api and /uploads).
import './lib/require-node.mjs';
import { spawn } from 'node:child_process';
import { ensureInstalled, root } from './lib/workspace.mjs';

await ensureInstalled();

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
  }),
  spawn('npm', ['run', 'dev', '-w', 'client'], { cwd: root, stdio: 'inherit' }),
];
const stop = (signal) => {
  for (const child of children) child.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children) {
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  });
}
