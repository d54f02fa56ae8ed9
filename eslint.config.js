import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { noImportCycle } from './scripts/lint/no-import-cycle.js';

const serverLayers = ['server-lib', 'server-db', 'server-module', 'server'];
const webLayers = ['web-shared', 'web-feature', 'web-app', 'web-console', 'web-test', 'web'];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/**',
      'drizzle/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      // Compiled from the .po catalogues beside them (npm run i18n:compile).
      'src/shared/locales/*/*.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        project: [
          './tsconfig.server.json',
          './tsconfig.web.json',
          './tsconfig.tools.json',
          './tsconfig.sw.json',
        ],
        noWarnOnMultipleProjects: true,
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    plugins: { local: { rules: { 'no-import-cycle': noImportCycle } } },
    rules: {
      'local/no-import-cycle': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      // Fastify's convention is async plugins and handlers that return their reply value,
      // whether or not they await anything.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { parserOptions: { project: false } },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The architecture in the tree: web and server meet only in src/shared, and shared imports
    // neither. Each side is layered one way: on the server, lib < db and config < modules; on the
    // web, the shared pieces (lib, components, hooks, config) < features < the app shell. A layer
    // never imports one above it, and a web feature never imports another.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': [
        { type: 'shared', pattern: 'src/shared' },
        { type: 'server-lib', pattern: 'src/server/lib' },
        { type: 'server-db', pattern: 'src/server/db' },
        { type: 'server-module', pattern: 'src/server/modules/*', capture: ['module'] },
        { type: 'server', pattern: 'src/server' },
        // A web feature is its own element, so features cannot reach into one another.
        { type: 'web-feature', pattern: 'src/web/features/*', capture: ['feature'] },
        { type: 'web-app', pattern: 'src/web/app' },
        // The staff console: its own part of the web app, which no student page may load.
        { type: 'web-console', pattern: 'src/web/console' },
        { type: 'web-test', pattern: 'src/web/test' },
        { type: 'web-shared', pattern: 'src/web/{lib,components,hooks,config}' },
        { type: 'web', pattern: 'src/web' },
      ],
      // The settings are read before any module starts, so they stand below the modules too.
      'boundaries/files': [
        { category: 'server-config', pattern: 'src/server/config.ts' },
        // The one module that may load the staff console: the router, lazily, for /staff/*.
        { category: 'console-entry', pattern: 'src/web/app/routes.tsx' },
      ],
      'import/resolver': {
        typescript: {
          project: ['tsconfig.server.json', 'tsconfig.web.json'],
          noWarnOnMultipleProjects: true,
        },
      },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'shared' } },
              disallow: { to: { element: { types: { anyOf: [...serverLayers, ...webLayers] } } } },
            },
            {
              from: { element: { types: { anyOf: serverLayers } } },
              disallow: { to: { element: { types: { anyOf: webLayers } } } },
            },
            {
              from: { element: { types: { anyOf: webLayers } } },
              disallow: { to: { element: { types: { anyOf: serverLayers } } } },
            },
            {
              from: { element: { type: 'server-lib' } },
              disallow: { to: { element: { types: { anyOf: ['server-db', 'server-module'] } } } },
            },
            {
              from: { element: { type: 'server-db' } },
              disallow: { to: { element: { type: 'server-module' } } },
            },
            {
              from: { file: { categories: 'server-config' } },
              disallow: { to: { element: { type: 'server-module' } } },
            },
            {
              from: { element: { type: 'web-shared' } },
              disallow: { to: { element: { types: { anyOf: ['web-feature', 'web-app'] } } } },
            },
            {
              from: { element: { type: 'web-feature' } },
              disallow: { to: { element: { type: 'web-app' } } },
            },
            {
              from: { element: { type: 'web-feature' } },
              disallow: {
                to: {
                  element: {
                    type: 'web-feature',
                    captured: { feature: '!{{ from.captured.feature }}' },
                  },
                },
              },
            },
            // The staff console stands beside the student features: it builds on the shared
            // pieces only, and nothing but the router's one lazy import reaches into it, so its
            // code never lands in a student page's chunks (bench/page-weight.ts checks the build).
            {
              from: { element: { type: 'web-console' } },
              disallow: {
                to: { element: { types: { anyOf: ['web-feature', 'web-app', 'web'] } } },
              },
            },
            {
              from: { element: { types: { anyOf: webLayers } } },
              disallow: { to: { element: { type: 'web-console' } } },
            },
            {
              from: { file: { categories: 'console-entry' } },
              allow: { to: { element: { type: 'web-console' } } },
            },
          ],
        },
      ],
    },
  },
);
