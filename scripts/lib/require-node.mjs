// Imported first by every npm script: the dependencies (pg-boss, vitest 5) need a supported Node LTS,
// and an older Node fails later with errors that do not name the cause. 22.18, not pg-boss's 22.12:
// the build and test configs import the contract's TypeScript, which Node strips only from 22.18
// (22.12 stops with ERR_UNKNOWN_FILE_EXTENSION before any test runs).
import { readFileSync } from 'node:fs';

const MINIMUM = [22, 18];

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < MINIMUM[0] || (major === MINIMUM[0] && minor < MINIMUM[1])) {
  const engines = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'))
    .engines.node;
  console.error(
    [
      `Aprendiz precisa do Node.js ${engines} (uma versão LTS suportada); este é o ${process.version}.`,
      'Instale o Node.js 22.18+ ou 24/26 LTS (https://nodejs.org, ou `nvm install --lts`) e execute o comando novamente.',
    ].join('\n'),
  );
  process.exit(1);
}
