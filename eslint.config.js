import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const IMPORT_SETTINGS = {
  'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
  // no-cycle reads the imported files too: TypeScript ones through typescript-eslint's parser.
  'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
  'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
  // Packages cannot import our files back, so a cycle never runs through them; parsing their
  // bundles (PGlite's is megabytes on one line) only costs time and overflows the parser's stack.
  'import-x/ignore': ['node_modules'],
};

/** A zone per pair of page areas: an area's pages never import another area's internals. */
const PAGE_AREAS = ['public', 'student', 'educator', 'account', 'certificate'];
const pageAreaZones = PAGE_AREAS.map((area) => ({
  target: `client/src/pages/${area}`,
  from: PAGE_AREAS.filter((other) => other !== area).map((other) => `client/src/pages/${other}`),
  message:
    'A page area does not import another area’s pages: move the shared piece to a feature, components/ or lib/.',
}));

/**
 * The client's feature folders: the ones named here (payments may not exist yet in every branch)
 * and any other folder under features/, so a new feature is fenced from its first file.
 */
const FEATURES_DIR = 'client/src/features';
/** A path of the repository, wherever ESLint was started from. */
const inRepo = (relative) => fileURLToPath(new URL(relative, import.meta.url));
const NAMED_FEATURES = [
  'payments',
  'quizzes',
  'questions',
  'notes',
  'notifications',
  'course-player',
  'course-editor',
  'certificates',
];
const FEATURES = [
  ...new Set([
    ...NAMED_FEATURES,
    ...(existsSync(inRepo(FEATURES_DIR))
      ? readdirSync(inRepo(FEATURES_DIR), { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => entry.name)
      : []),
  ]),
];
/** A zone per feature: outside it, only its index.ts (what it exports on purpose) is importable. */
const featureZones = FEATURES.map((feature) => ({
  target: [
    ...FEATURES.filter((other) => other !== feature).map((other) => `${FEATURES_DIR}/${other}`),
    'client/src/pages',
    'client/src/app',
    'client/src/context',
  ],
  from: `${FEATURES_DIR}/${feature}`,
  except: ['./index.ts'],
  message: `Import the ${feature} feature through its index.ts: its other files are its own business.`,
}));

/**
 * The page modules are the router's: every `import('../pages/…')` in app/router.tsx. A page module
 * imports none of them (what two pages share is a feature or a shared component).
 */
const PAGE_MODULES = [
  ...new Set(
    [
      ...readFileSync(inRepo('client/src/app/router.tsx'), 'utf8').matchAll(
        /import\('\.\.\/(pages\/[^']+)'\)/g,
      ),
    ]
      .map(([, page]) => `client/src/${page}`)
      .map((page) => (existsSync(inRepo(`${page}.tsx`)) ? `${page}.tsx` : `${page}.ts`)),
  ),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      '.data/**',
      'server/src/db/migrations/**',
      'e2e/artifacts/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Boundaries kept by the linter (STYLE.md "Layout"): no import cycles, and imports go one way.
    files: ['client/src/**/*.{ts,tsx}', 'server/src/**/*.ts', 'contract/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: IMPORT_SETTINGS,
    rules: {
      'import-x/no-cycle': 'error',
    },
  },
  {
    files: ['client/src/**/*.{ts,tsx}', 'server/src/**/*.ts'],
    // Tests and their helpers wire any layer to any other on purpose.
    ignores: ['**/*.test.{ts,tsx}', '**/test/**'],
    plugins: { 'import-x': importX },
    settings: IMPORT_SETTINGS,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // Server: routes → service → repository; providers never reach into a feature's data.
            {
              target: 'server/src/modules/**/*.repository.ts',
              from: ['server/src/modules/**/*.service.ts', 'server/src/modules/**/*.routes.ts'],
              message:
                'A repository is below its service and routes: it returns rows, it imports neither.',
            },
            {
              target: 'server/src/modules/**/*.service.ts',
              from: 'server/src/modules/**/*.routes.ts',
              message: 'A service never imports routes: routes call the service.',
            },
            {
              target: 'server/src/providers',
              from: 'server/src/modules/**/*.repository.ts',
              message:
                'A provider never imports a feature’s repository: the feature passes it what it needs.',
            },
            {
              target: [
                'server/src/modules',
                'server/src/providers',
                'server/src/http',
                'server/src/db',
              ],
              from: ['server/src/app.ts', 'server/src/main.ts', 'server/src/jobs-wiring.ts'],
              message:
                'Features import down: app.ts, main.ts and jobs-wiring.ts wire them, never the other way.',
            },
            // Client: components/ui → shared code → features → pages → app, one way.
            {
              target: 'client/src/components/ui',
              from: [
                'client/src/components',
                'client/src/features',
                'client/src/pages',
                'client/src/app',
                'client/src/context',
              ],
              except: ['./ui'],
              message: 'A UI primitive stands alone: it imports no feature, page or app code.',
            },
            {
              target: 'client/src/components',
              from: [
                'client/src/context',
                'client/src/features',
                'client/src/pages',
                'client/src/app',
              ],
              message:
                'Shared components take what they show as props (or from config/): never from context/, features/, pages/ or app/.',
            },
            {
              target: [
                'client/src/lib',
                'client/src/data',
                'client/src/config',
                'client/src/auth',
                'client/src/content',
              ],
              from: ['client/src/features', 'client/src/pages', 'client/src/app'],
              message: 'Shared code never imports a feature, a page or the app shell.',
            },
            {
              target: 'client/src/features',
              from: ['client/src/pages', 'client/src/app'],
              message: 'A feature never imports a page or the app shell: pages compose features.',
            },
            {
              target: 'client/src/pages',
              from: 'client/src/app',
              except: ['./page-meta.ts'],
              message: 'Pages do not import the app shell (app/ imports pages).',
            },
            {
              target: 'client/src/pages',
              from: PAGE_MODULES,
              message:
                'A page does not import another page: move what they share into a feature or components/.',
            },
            ...pageAreaZones,
            ...featureZones,
          ],
        },
      ],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
