import js from '@eslint/js'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import pluginQuery from '@tanstack/eslint-plugin-query'

// The console imports the contract file it needs, never the barrel (src/contracts/index.ts): zod schemas
// are not tree-shaken, so the barrel would put every contract into every chunk that imports it.
const noContractsBarrel = {
  regex: '^(\\.\\./)+contracts$',
  message: "Import the contract's own file (e.g. '../contracts/batch-exports'), not the barrel.",
}

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'playwright-report', 'test-results', 'bench/results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginQuery.configs['flat/recommended'],
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The server imports contracts, never the console.
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src/api/**', '**/src/app/**', '**/src/features/**', '**/src/components/**'],
              message: 'The server imports contracts only.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message:
            'Use writeTransaction (server/db/database.ts): a deferred transaction fails at once on a busy database.',
        },
      ],
    },
  },
  {
    files: ['server/db/database.ts', 'server/**/*.test.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // contracts → api → features → app: contracts import zod only.
    files: ['src/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../api/*', '../features/*', '../app/*', '../components/*', 'react'],
              message: 'Contracts import zod only.',
            },
          ],
        },
      ],
    },
  },
  {
    // The fetch layer imports no UI: what the user is told is decided in src/app/feedback.ts.
    files: ['src/api/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../features/*', '../app/*', '../components/*'],
              message: 'api must not import features, app or components.',
            },
            noContractsBarrel,
          ],
        },
      ],
    },
  },
  {
    // Shared components know no API: they show what they are given (helpers they need live in src/lib).
    files: ['src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../api/*', '../features/*', '../app/*'],
              message: 'A shared component never imports api, features or app.',
            },
            noContractsBarrel,
          ],
        },
      ],
    },
  },
  {
    // Pure helpers: contracts and other helpers only (no React, no fetching, no UI).
    files: ['src/lib/**/*.ts'],
    ignores: ['src/lib/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\./|\\.\\./contracts/)',
              message: "src/lib imports only src/lib and src/contracts' own files.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../../app/*', '../*/*', '!../../*'],
              message: 'A feature never imports app or another feature.',
            },
            noContractsBarrel,
          ],
        },
      ],
    },
  },
  {
    files: [
      'src/app/**/*.{ts,tsx}',
      'src/shared-recording/**/*.{ts,tsx}',
      'src/testing/**/*.{ts,tsx}',
      'src/*.{ts,tsx}',
    ],
    rules: { 'no-restricted-imports': ['error', { patterns: [noContractsBarrel] }] },
  },
)
