import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  findCycles,
  importedSpecifiers,
  readImportGraph,
  type ImportGraph,
} from './test/import-graph';

const REPO = fileURLToPath(new URL('../..', import.meta.url));

/** The circles under a workspace's src/, each written `a.ts → b.ts → a.ts` relative to it. */
function circlesIn(workspace: string): string[] {
  const root = path.join(REPO, workspace, 'src');
  return findCycles(readImportGraph(root)).map((circle) =>
    circle.map((file) => path.relative(root, file)).join(' → '),
  );
}

describe('the import circle finder', () => {
  it('when a file imports values, types, re-exports and require(), then each counts; a lazy import() does not', () => {
    const text = [
      "import type { AppDeps } from './deps';",
      "import { z } from 'zod';",
      "export { schema } from './schema';",
      "import legacy = require('./legacy');",
      "const lazy = () => import('./lazy');",
    ].join('\n');
    expect(importedSpecifiers('a.ts', text)).toEqual(['./deps', 'zod', './schema', './legacy']);
  });

  it('when three files form a circle beside a branch that leaves it, then it reports the three once', () => {
    const graph: ImportGraph = new Map([
      ['a', ['b', 'leaf']],
      ['b', ['c']],
      ['c', ['a', 'leaf']],
      ['leaf', []],
    ]);
    expect(findCycles(graph)).toEqual([['a', 'b', 'c', 'a']]);
  });

  it('when a file imports itself, then that is a circle; when imports only go down, then none', () => {
    expect(findCycles(new Map([['self', ['self']]]))).toEqual([['self', 'self']]);
    const tree: ImportGraph = new Map([
      ['main', ['deps', 'module']],
      ['deps', ['module']],
      ['module', []],
    ]);
    expect(findCycles(tree)).toEqual([]);
  });
});

// import-x/no-cycle skips `import type` (no option turns that off), so the lint alone let a 17-file
// circle through deps.ts pass; these read every import, types included.
describe('import circles', () => {
  it.each(['server', 'contract', 'client'])(
    'when every non-test file of %s/src is read, then no import circle runs through them',
    (workspace) => {
      expect(circlesIn(workspace)).toEqual([]);
    },
  );
});

describe('response types', () => {
  it('when the client or the server names what an endpoint answers, then the type is the contract’s, never an inline { success: true; … }', () => {
    const inline = /\{\s*success:\s*true;/;
    const found = ['client', 'server'].flatMap((workspace) => {
      const root = path.join(REPO, workspace, 'src');
      return [...readImportGraph(root).keys()]
        .filter((file) => inline.test(readFileSync(file, 'utf8')))
        .map((file) => path.relative(REPO, file));
    });
    expect(found).toEqual([]);
  });
});
