import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * What the client's layout promises (STYLE.md "Layout", issue 23), checked on the sources rather
 * than trusted: the focus ring has one spelling, and the linter refuses an import against the grain.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('the focus ring', () => {
  it('when any client source outside components/ui draws a focus outline, then it uses focus-ring.ts rather than its own classes', () => {
    const ui = path.join(here, 'components', 'ui');
    const own = sourcesUnder(here)
      .filter((file) => !file.startsWith(ui + path.sep) && file !== fileURLToPath(import.meta.url))
      .filter((file) => readFileSync(file, 'utf8').includes('focus-visible:outline-2'))
      .map((file) => path.relative(here, file));
    expect(own).toEqual([]);
  });
});

describe('the import boundaries', () => {
  // The linter as `npm run lint` runs it (its own process: inside the test runner, its import
  // resolver would not resolve the file's imports, and every rule that needs them would pass).
  function lint(file: string, code: string): string[] {
    const run = spawnSync(
      process.execPath,
      [
        path.join(root, 'node_modules/eslint/bin/eslint.js'),
        '--stdin',
        '--stdin-filename',
        file,
        '--format',
        'json',
      ],
      { cwd: root, input: code, encoding: 'utf8' },
    );
    const [result] = JSON.parse(run.stdout) as { messages: { ruleId: string | null }[] }[];
    return result!.messages.map((message) => String(message.ruleId));
  }

  it('when a UI primitive imports a page, then the linter refuses it', () => {
    const rules = lint(
      'client/src/components/ui/scratch.ts',
      "import ContactPage from '../../pages/public/contact';\nexport const x = ContactPage;\n",
    );
    expect(rules).toContain('import-x/no-restricted-paths');
  }, 60_000);

  it('when a page imports a UI primitive, then the linter lets it', () => {
    const rules = lint(
      'client/src/pages/public/scratch.ts',
      "import { Button } from '../../components/ui/button';\nexport const x = Button;\n",
    );
    expect(rules).not.toContain('import-x/no-restricted-paths');
  }, 60_000);

  it('when a repository imports its service, then the linter refuses it', () => {
    const rules = lint(
      'server/src/modules/notes/scratch.repository.ts',
      "import * as service from './notes.service';\nexport const x = service;\n",
    );
    expect(rules).toContain('import-x/no-restricted-paths');
  }, 60_000);
});
