import js from '@eslint/js';
import nextPlugin from '@next/eslint-plugin-next';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// The platform's bounded contexts (apps/platform/src/<context>/, each with a README).
const contexts = ['bonus', 'content', 'documents', 'games', 'limits', 'payments', 'players', 'support', 'wallet'];

/**
 * A context reaches another only through its service (`../<other>/service.js`, or a public
 * `index.js`), never its tables, routes or helpers; shared HTTP and database glue is in shared/. A context's schema.ts may name another's table
 * for a foreign key (`../<other>/schema.js`): the database's own referential integrity, and
 * db/schema.ts gathers every context's tables anyway.
 */
function contextBoundary(context, { schemaFile }) {
  const others = contexts.filter((other) => other !== context).join('|');
  const publicFiles = schemaFile ? 'service|index|schema' : 'service|index';
  return {
    regex: `^(\\.\\./)+(${others})/(?!(${publicFiles})\\.js$)`,
    message: 'A context reaches another only through its service (../<context>/service.js), not its tables or helpers.',
  };
}

// Files longer than this are worth splitting (blank lines and comments not counted).
const maxLines = ['warn', { max: 400, skipBlankLines: true, skipComments: true }];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/.next/**',
      '**/dist/**',
      'apps/web/src/lib/platform-api.d.ts',
      'apps/backoffice/src/api/staff-api.d.ts',
      'apps/web/next-env.d.ts',
      'bench/lighthouse/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        window: 'readonly',
        document: 'readonly',
        navigator: 'readonly',
        fetch: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        URL: 'readonly',
        Buffer: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'max-lines': maxLines,
    },
  },
  {
    // Tests are long lists of cases; size is no smell there.
    files: ['**/*.test.{ts,tsx}', '**/test/**', 'apps/web/e2e/**'],
    rules: { 'max-lines': 'off' },
  },
  {
    ...reactHooks.configs.flat.recommended,
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/backoffice/src/**/*.{ts,tsx}'],
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      // Reading what only the browser knows (the time, storage, the URL) after hydration is what this
      // flags; each such effect is a candidate for useSyncExternalStore, not a bug: warn, do not fail.
      'react-hooks/set-state-in-effect': 'warn',
    },
  },
  {
    ...nextPlugin.configs['core-web-vitals'],
    files: ['apps/web/src/**/*.{ts,tsx}'],
    settings: { next: { rootDir: 'apps/web' } },
    rules: {
      ...nextPlugin.configs['core-web-vitals'].rules,
      // Full-page navigations are deliberate here: a page rendered for one visitor (/log-ind,
      // /registrer, /min-konto/*) must load with its own nonce policy, logout by link needs a real
      // navigation (Sec-Fetch-Site), the login buttons go to the platform's redirects (docs/decisions.md).
      '@next/next/no-html-link-for-pages': 'off',
    },
  },
  {
    // The storefront's rules, clients and front door are not made of components: lib/, edge/ and
    // the proxy never import from components/ (components import from them).
    files: ['apps/web/src/lib/**', 'apps/web/src/edge/**', 'apps/web/src/proxy.ts', 'apps/web/server.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@/|(\\.\\.?/)+)components(/|$)',
              message: 'lib/, edge/ and the proxy do not import components/: move the rule into lib/.',
            },
          ],
        },
      ],
    },
  },
  {
    // Game outcomes come from the certified-style RNG only (packages/games-math/src/rng.ts: CSPRNG,
    // unbiased scaling by rejection); Math.random is neither cryptographic nor auditable.
    files: ['packages/games-math/**/*.{ts,mjs}', 'apps/studio/**/*.{ts,tsx,mjs}', 'apps/platform/src/games/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'Math',
          property: 'random',
          message: 'No Math.random near a game: use the RNG of @krone/games-math (createCryptoRng), or SeededTestRng in tests.',
        },
      ],
    },
  },
  ...contexts.map((context) => ({
    files: [`apps/platform/src/${context}/**/*.ts`],
    // The payout processor builds the services outside the HTTP app, as app.ts does: a composition root.
    ignores: ['**/*.test.ts', 'apps/platform/src/payments/withdrawals-processor.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [contextBoundary(context, { schemaFile: false })] }] },
  })),
  ...contexts.map((context) => ({
    files: [`apps/platform/src/${context}/schema.ts`],
    rules: { 'no-restricted-imports': ['error', { patterns: [contextBoundary(context, { schemaFile: true })] }] },
  })),
);
