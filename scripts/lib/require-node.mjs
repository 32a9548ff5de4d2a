// Imported first by every npm script: the dependencies (pg-boss, vitest) need a supported Node LTS,
// and an older Node fails later with errors that do not name the cause. On an older Node the script
// brings the LTS from the npm registry (once, into a cache folder), says so in one line and runs
// itself again on it; APRENDIZ_NODE_DOWNLOAD=off is for people who manage Node themselves.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureLtsNode, isSupported, MINIMUM, NODE_LTS_VERSION } from './node-lts.mjs';

function refuse(reason) {
  console.error(
    [
      `Aprendiz precisa do Node.js ${MINIMUM.join('.')}+ (uma versão LTS suportada); este é o ${process.version}.`,
      ...(reason ? [reason] : []),
      'Instale o Node.js 22.18+ ou 24/26 LTS (https://nodejs.org, ou `nvm install --lts`) e execute o comando novamente.',
    ].join('\n'),
  );
  process.exit(1);
}

if (!isSupported()) {
  if (process.env.APRENDIZ_NODE_DOWNLOAD === 'off') refuse();
  let bin;
  try {
    bin = ensureLtsNode();
  } catch (err) {
    refuse(`Não foi possível baixar o Node.js ${NODE_LTS_VERSION} do registro npm: ${err.message}`);
  }
  console.log(
    `Node.js ${process.version} é antigo; usando o Node.js ${NODE_LTS_VERSION} LTS do registro npm (${bin}).`,
  );
  // First on PATH, so the npm and npx this script starts run on it too.
  const env = { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` };
  const child = spawn(path.join(bin, 'node'), [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env,
  });
  // Ctrl-C reaches the whole process group, the child included: this process waits for it to finish.
  process.on('SIGINT', () => {});
  for (const signal of ['SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  // The importing script's own body must not run on the old Node: wait here until the child exits.
  await new Promise(() => {});
}
