import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
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

  it('when a UI primitive imports a feature, then the linter refuses it', () => {
    const rules = lint(
      'client/src/components/ui/scratch.ts',
      "import { NotesPanel } from '../../features/notes';\nexport const x = NotesPanel;\n",
    );
    expect(rules).toContain('import-x/no-restricted-paths');
  }, 60_000);

  it('when shared code imports a feature, then the linter refuses it', () => {
    const rules = lint(
      'client/src/lib/scratch.ts',
      "import { PassedQuizzes } from '../features/quizzes';\nexport const x = PassedQuizzes;\n",
    );
    expect(rules).toContain('import-x/no-restricted-paths');
  }, 60_000);

  it('when a shared component imports a feature, then the linter refuses it', () => {
    const rules = lint(
      'client/src/components/scratch.ts',
      "import { NotificationBell } from '../features/notifications';\nexport const x = NotificationBell;\n",
    );
    expect(rules).toContain('import-x/no-restricted-paths');
  }, 60_000);

  it('when a feature imports another feature’s internals, then the linter refuses it', () => {
    const rules = lint(
      'client/src/features/quizzes/scratch.ts',
      "import { CourseStructure } from '../course-player/lecture-list';\nexport const x = CourseStructure;\n",
    );
    expect(rules).toContain('import-x/no-restricted-paths');
  }, 60_000);

  it('when a feature imports another feature through its index, then the linter lets it', () => {
    const rules = lint(
      'client/src/features/certificates/scratch.ts',
      "import { PassedQuizzes } from '../quizzes';\nexport const x = PassedQuizzes;\n",
    );
    expect(rules).not.toContain('import-x/no-restricted-paths');
  }, 60_000);

  it('when a page imports a feature’s internals, then the linter refuses it', () => {
    const rules = lint(
      'client/src/pages/educator/scratch.ts',
      "import { CourseForm } from '../../features/course-editor/course-form';\nexport const x = CourseForm;\n",
    );
    expect(rules).toContain('import-x/no-restricted-paths');
  }, 60_000);

  it('when a feature imports a page, then the linter refuses it', () => {
    const rules = lint(
      'client/src/features/notes/scratch.ts',
      "import Profile from '../../pages/account/profile';\nexport const x = Profile;\n",
    );
    expect(rules).toContain('import-x/no-restricted-paths');
  }, 60_000);

  it('when a page imports another page of its own area, then the linter refuses it', () => {
    const rules = lint(
      'client/src/pages/student/scratch.ts',
      "import MyEnrollments from './my-enrollments';\nexport const x = MyEnrollments;\n",
    );
    expect(rules).toContain('import-x/no-restricted-paths');
  }, 60_000);

  it('when a page imports a piece of its area that is no page, then the linter lets it', () => {
    const rules = lint(
      'client/src/pages/educator/scratch.ts',
      "import { educatorCourseLoader } from './educator-course-loader';\nexport const x = educatorCourseLoader;\n",
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

// Loading the config loads the linter's plugins: seconds on a busy machine.
describe('the feature zones', { timeout: 60_000 }, () => {
  type Zone = { target: string | string[]; from: string | string[]; except?: string[] };

  async function zones(): Promise<Zone[]> {
    const config = (
      await import(/* @vite-ignore */ pathToFileURL(path.join(root, 'eslint.config.js')).href)
    ).default as {
      rules?: Record<string, unknown>;
    }[];
    const restricted = config.find((entry) => entry.rules?.['import-x/no-restricted-paths']);
    const [, options] = restricted!.rules!['import-x/no-restricted-paths'] as [
      string,
      { zones: Zone[] },
    ];
    return options.zones;
  }

  it('when a feature folder is named but not there yet (payments), then its fence stands already', async () => {
    const fence = (await zones()).find((zone) => zone.from === 'client/src/features/payments');
    expect(fence?.except).toEqual(['./index.ts']);
    expect(fence?.target).toEqual(
      expect.arrayContaining(['client/src/features/quizzes', 'client/src/pages', 'client/src/app']),
    );
  });

  it('when a folder under features/ is in no list, then it is fenced like the named ones', async () => {
    const fenced = (await zones()).map((zone) => zone.from);
    const folders = readdirSync(path.join(here, 'features'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `client/src/features/${entry.name}`);
    expect(fenced).toEqual(expect.arrayContaining(folders));
  });
});
