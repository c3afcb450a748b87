import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';

const root = import.meta.dirname;
/** Product code and the tests beside it (not scripts, e2e journeys or config files). */
const productCode = ['services/*/src/**/*.ts', 'packages/*/src/**/*.ts', 'web/src/**/*.{ts,tsx}'];
const webFeatures = readdirSync(path.join(root, 'web/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Writers of notifications and user events: only @touchline/delivery calls them. */
const deliveryMessage =
  'Notices and user events are stored through @touchline/delivery (storeNotices, storeUserEvents, …) and sent by its publisher.';
const deliveryOnlyImports = [
  {
    name: '@touchline/db/notifications',
    importNames: [
      'insertNotification',
      'insertNotifications',
      'insertAnnouncedNotifications',
      'insertGroupedNotification',
      'refreshGroupedNotification',
      'reannounceChatNotification',
    ],
    message: deliveryMessage,
  },
  {
    name: '@touchline/db/user-events',
    importNames: ['appendUserEvent', 'appendUserEventsBatch'],
    message: deliveryMessage,
  },
];
const deliveryOnlySyntax = ['notifications', 'userEvents', 'userEventCounters'].flatMap((table) => [
  {
    selector: `CallExpression[callee.property.name='insert'] > Identifier.arguments[name='${table}']`,
    message: deliveryMessage,
  },
  {
    selector: `CallExpression[callee.property.name='insert'] > MemberExpression.arguments[property.name='${table}']`,
    message: deliveryMessage,
  },
]);

/** `name.role.ts`: every dot-separated part of a file name is kebab-case. */
const kebabCaseFileName = {
  meta: {
    type: 'suggestion',
    schema: [],
    messages: { kebab: 'File name "{{name}}" is not kebab-case.' },
  },
  create(context) {
    const name = path.basename(context.filename);
    const parts = name.replace(/\.(d\.)?[cm]?[jt]sx?$/, '').split('.');
    return parts.every((part) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(part))
      ? {}
      : { Program: (node) => context.report({ node, messageId: 'kebab', data: { name } }) };
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      '**/.data/**',
      'migrations/**',
      'web/test-results/**',
      'web/playwright-report/**',
      '.turbo/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message:
            'Read configuration through the config schema (config.ts / scripts), not process.env.',
        },
      ],
    },
  },
  {
    // The only places allowed to read the environment: config loaders, test helpers and scripts.
    files: [
      '**/config.ts',
      '**/*.config.ts',
      'scripts/**',
      '**/testing/**',
      '**/*.test.ts',
      '**/*.test.tsx',
      'web/e2e/**',
      '.ci/**',
      // Stand-ins for third-party images, configured by those images' variables.
      'infra/compose/standins/**',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Boundaries (docs/architecture.md "Boundaries", web/README.md).
  {
    files: productCode,
    plugins: {
      'import-x': importX,
      touchline: { rules: { 'kebab-case-file-name': kebabCaseFileName } },
    },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.json'],
          alias: { '@': [path.join(root, 'web/src')] }, // web's `@/…` (web/tsconfig.json)
        }),
      ],
    },
    rules: {
      'touchline/kebab-case-file-name': 'error',
      // Workspace packages resolve through node_modules (external): their graph is a tree already.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            // Web features do not import each other: they meet in app/ or api/.
            ...webFeatures.map((feature) => ({
              target: `web/src/features/${feature}`,
              from: 'web/src/features',
              except: [`./${feature}`],
              message:
                'Features do not import each other: share through web/src/api, components or lib, or compose in web/src/app.',
            })),
            {
              target: ['web/src/api', 'web/src/components', 'web/src/lib', 'web/src/config'],
              from: ['web/src/features', 'web/src/app'],
              message: 'Shared web code never imports a feature or the app.',
            },
          ],
        },
      ],
    },
  },
  {
    // Imports leaving a folder's neighbourhood name it from the root: `@/lib/session`.
    files: ['web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(\\.\\./){2}', message: 'Import through `@/…` (web/src).' }] },
      ],
    },
  },
  // One delivery path (docs/architecture.md, decision 36): notifications and user events are
  // written only by @touchline/delivery (and the repositories it calls).
  {
    files: [...productCode, 'scripts/**/*.ts'],
    ignores: [
      'packages/delivery/**',
      'packages/db/src/**',
      // Tests that seed stored rows directly to read them back (lists, paging, catch-up).
      'services/api/src/testing/openapi-paging.test.ts',
      'services/api/src/modules/notifications/notifications.paging.test.ts',
      'services/api/src/plugins/realtime/realtime.bus-outage.test.ts',
      'services/api/src/modules/realtime/realtime.routes.test.ts',
      'services/api/src/modules/session/session.me.test.ts',
    ],
    rules: {
      'no-restricted-imports': ['error', { paths: deliveryOnlyImports }],
      'no-restricted-syntax': ['error', ...deliveryOnlySyntax],
    },
  },
  {
    files: ['services/api/src/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@touchline/db', '@touchline/db/*'],
              message: 'Routes never see the database: call a service (docs/architecture.md).',
            },
          ],
        },
      ],
    },
  },
);
