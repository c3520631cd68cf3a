// One lint configuration for the whole repo: typescript-eslint's recommended rules, plus the
// React app's browser globals. Formatting is Prettier's job, not ESLint's.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.local/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        __dirname: 'readonly',
        require: 'readonly',
        module: 'writable',
        Buffer: 'readonly',
        fetch: 'readonly',
        URL: 'readonly',
        AbortSignal: 'readonly',
        performance: 'readonly',
        crypto: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        NodeJS: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { window: 'readonly', document: 'readonly' } },
  },
  {
    // Source states what it knows: a signed-in handler has its caller (kit handleSignedIn), a lookup
    // that may miss says so. Tests may assert with `!`.
    files: ['**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/test/**', 'e2e/**', 'scripts/**', '**/testing/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'error' },
  },
  // The rooms of a service (docs/development.md): http → domain → data, consumers → domain. The
  // domain knows no database, web framework or entry point; nothing below reaches back up.
  {
    files: ['services/*/src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'mongoose',
              message: 'The domain says what changes; data/ builds the query and the ids.',
            },
            { name: 'express', message: 'The domain takes plain values; http/ parses and answers.' },
          ],
          patterns: [
            {
              // Also from a room of the domain (`domain/shows/…`).
              group: ['../http/*', '../consumers/*', '../../http/*', '../../consumers/*'],
              message: 'The domain is called by them, not the other way.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "MemberExpression[property.name=/^(toHexString|getTimestamp|equals)$/][object.property.name='_id']",
          message: 'Records reach the domain with a string `id` (kit `keyed`); ObjectIds stay in data/.',
        },
      ],
    },
  },
  {
    files: ['services/*/src/http/**/*.ts', 'services/*/src/consumers/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'mongoose', message: 'Routes and consumers call a use case; the store is behind data/.' },
          ],
          patterns: [{ group: ['../consumers/*', '../http/*'], message: 'Routes and consumers stay apart.' }],
        },
      ],
    },
  },
  // Adapters to the world outside a service: a provider (paypal/), another service (clients/), a
  // format or protocol (rss/, transcripts/, uploads/), a cache beside the store (cache/), a socket
  // server (realtime/). Called by http/, domain/ or consumers/; they know none of them, and of the
  // domain only the port they implement (`*-deps.ts`, `*-ports.ts`).
  {
    files: ['services/*/src/{paypal,clients,rss,transcripts,uploads,cache,realtime}/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../http/*', '../consumers/*'],
              message: 'An adapter is called by routes and consumers, not the other way.',
            },
            {
              group: ['../domain/*', '!../domain/*-deps', '!../domain/*-ports'],
              message: 'An adapter knows of the domain only the port it implements.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['services/*/src/data/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../http/*', '../consumers/*', '../domain/*'],
              message: 'data/ knows nothing above it.',
            },
          ],
        },
      ],
    },
  },
  // The web app's zones (bulletproof-react): a feature imports only itself and the shared layers;
  // features meet in app/. Shared layers import no feature.
  {
    files: ['web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // From a feature's own folder, `../../` is the app's root: its shared layers are allowed.
              group: [
                '../../*/**',
                '!../../../**',
                '!../../lib/**',
                '!../../components/**',
                '!../../stores/**',
                '!../../config/**',
              ],
              message:
                'Features do not import each other: compose them in app/, or move the piece to components/ or lib/.',
            },
            { group: ['**/app/**'], message: 'Features do not import the app.' },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/{components,lib,config,stores}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/features/**', '**/app/**'], message: 'Shared layers import no feature.' }],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The service worker runs in its own global scope: no window or document, its caches and fetch.
    files: ['web/public/sw.js'],
    languageOptions: {
      globals: {
        self: 'readonly',
        caches: 'readonly',
        fetch: 'readonly',
        Response: 'readonly',
        URL: 'readonly',
      },
    },
  },
);
