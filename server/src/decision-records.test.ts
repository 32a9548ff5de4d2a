import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const DECISIONS = path.join(REPO, 'docs', 'decisions');
const records = readdirSync(DECISIONS).filter((name) => name !== 'README.md');

describe('decision records (docs/decisions/)', () => {
  it('when a decision is recorded, then its file is dated, states its status and is listed in the index', () => {
    const index = readFileSync(path.join(DECISIONS, 'README.md'), 'utf8');
    for (const name of records) {
      expect(name).toMatch(/^\d{4}-\d{2}-\d{2}-[a-z0-9-]+\.md$/);
      const [title, blank, status, date] = readFileSync(path.join(DECISIONS, name), 'utf8').split(
        '\n',
      );
      expect(title).toMatch(/^# /);
      expect(blank).toBe('');
      expect(status).toMatch(/^- Status: (Accepted|Superseded (in part )?by \[.+\]\(.+\.md\).*)$/);
      expect(date).toBe(`- Date: ${name.slice(0, 10)}`);
      expect(index).toContain(`](${name})`);
    }
  });

  it('when the repository names a decision file, then it exists; the old single file is named nowhere', () => {
    const named = execFileSync(
      'git',
      // This file names the old one on purpose.
      [
        'grep',
        '-hoE',
        'docs/decisions[./][A-Za-z0-9./-]*',
        '--',
        '.',
        ':!server/src/decision-records.test.ts',
      ],
      {
        cwd: REPO,
        encoding: 'utf8',
      },
    )
      .split('\n')
      .filter(Boolean)
      .map((reference) => reference.replace(/[.)]+$/, ''));
    expect(named).not.toContain('docs/decisions.md');
    const missing = [...new Set(named)].filter(
      (reference) => reference !== 'docs/decisions/' && !existsSync(path.join(REPO, reference)),
    );
    expect(missing).toEqual([]);
  });
});
