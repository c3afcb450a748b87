import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
          message: 'Read configuration through the config schema (config.ts / scripts), not process.env.',
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
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
