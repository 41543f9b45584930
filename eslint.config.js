import js from '@eslint/js'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import pluginQuery from '@tanstack/eslint-plugin-query'

/** Casts that hide what the server's edges can type: statements declare their rows, contracts type bodies. */
const SERVER_CASTS = [
  {
    selector: "TSAsExpression[expression.type='TSAsExpression'][expression.typeAnnotation.type='TSUnknownKeyword']",
    message: 'No `as unknown as` in server/: parse with a zod schema, or give the value its type where it is made.',
  },
  {
    selector: 'TSAsExpression > CallExpression.expression[callee.property.name=/^(get|all|iterate)$/]',
    message:
      "Declare the statement's row (query<Row, Params>, prepareCached<Row>, or db.prepare<Params, Row> in a test) instead of casting what it returns.",
  },
  // A statement's result cast to a row is reported once, by the rule above.
  {
    selector:
      ':matches(TSAsExpression > TSTypeReference, TSAsExpression > TSArrayType > TSTypeReference, TSAsExpression > TSUnionType > TSTypeReference)[typeName.name=/Row$/]:not(TSAsExpression[expression.callee.property.name=/^(get|all|iterate)$/] *)',
    message: 'Rows come typed from their table’s statements (server/db), never cast.',
  },
]

// The console imports the contract file it needs, never the barrel (src/contracts/index.ts): zod schemas
// are not tree-shaken, so the barrel would put every contract into every chunk that imports it.
const noContractsBarrel = {
  regex: '^(\\.\\./)+contracts$',
  message: "Import the contract's own file (e.g. '../contracts/batch-exports'), not the barrel.",
}

// Code that runs in the browser uses zod's tree-shakable `zod/mini` API: classic zod puts every schema
// method into the bundle (about 19 KB gzipped more in the entry). The server may use either.
const noClassicZod = {
  regex: '^zod$',
  message: "Import * as z from 'zod/mini' in browser code (src/): classic zod is not tree-shaken.",
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
        ...SERVER_CASTS,
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message:
            'Use writeTransaction (server/db/database.ts): a deferred transaction fails at once on a busy database.',
        },
      ],
    },
  },
  {
    // These may call db.transaction (the helper itself; tests that provoke busy databases), but not cast.
    files: ['server/db/database.ts', 'server/**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...SERVER_CASTS] },
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
            noClassicZod,
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
            noClassicZod,
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
            noClassicZod,
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
            noClassicZod,
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
    rules: { 'no-restricted-imports': ['error', { patterns: [noContractsBarrel, noClassicZod] }] },
  },
)
