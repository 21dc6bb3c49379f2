import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

/**
 * Import rule: app → components → lib/{client,schemas} → lib/domain.
 * lib/domain imports nothing outside itself but the decimal library, the DOCX template library (docxtemplater), the zip library (fflate)
 * and the name-declension library (lvovich, pure, no dependencies); lib/server only from server code.
 */
const serverOnly = {
  group: ['@/lib/server', '@/lib/server/*', '**/lib/server/*', '**/server/*'],
  message: 'lib/server — только для серверного кода (route handlers, серверные компоненты, proxy.ts, тесты).',
};

/** The contract (lib/contract.ts) has types only: the browser imports it with `import type`. */
const contractTypesOnly = {
  name: '@/lib/contract',
  allowTypeImports: true,
  message: 'lib/contract — только типы: import type.',
};

/**
 * The browser validates with schemas written in `zod/mini` (lib/schemas/zod.ts): full zod is ~90 KB gzip on every
 * page that touches it. Code the browser loads may take values only from the mini schema files listed here (a
 * new one joins the list when it is written in zod/mini); types from any schema file are fine.
 */
const MINI_SCHEMAS = [
  'zod',
  'envelope',
  'text',
  'activity',
  'auth',
  'auth-calls',
  'calculators-custom',
  'companies',
  'cost',
  'education',
  'files',
  'noty',
  'search',
  'specification',
  'specification-calls',
  'templates',
  'validate',
];
const browserSchemas = {
  regex: `^@/lib/schemas/(?!(${MINI_SCHEMAS.join('|')})$)`,
  allowTypeImports: true,
  message: 'В браузер — только схемы на zod/mini (lib/schemas/zod.ts; список MINI_SCHEMAS в eslint.config.mjs); отсюда — только import type.',
};
const fullZod = { name: 'zod', allowTypeImports: true, message: 'В браузере — zod/mini через @/lib/schemas/zod, не весь zod.' };

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: ['.next/**', 'node_modules/**', 'data/**', '.tmp/**', 'test-results/**', 'playwright-report/**', 'next-env.d.ts'],
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['lib/domain/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!decimal\\.js$|lvovich$|docxtemplater$|fflate$|\\./|@/lib/domain/).*',
              message:
                'lib/domain — чистый код: импортирует только decimal.js, lvovich (склонение ФИО), docxtemplater (шаблоны DOCX), fflate (zip), ./соседние файлы и @/lib/domain/… (между папками — через @/lib/domain/…).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['components/**/*.{ts,tsx}', 'lib/client/**/*.{ts,tsx}', 'lib/schemas/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [serverOnly] }],
      '@typescript-eslint/no-restricted-imports': ['error', { paths: [contractTypesOnly] }],
    },
  },
  {
    files: ['components/**/*.{ts,tsx}', 'lib/client/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { paths: [contractTypesOnly, fullZod], patterns: [browserSchemas] }],
    },
  },
  {
    // The wire contract reads the server's call tables as types only: a value import would pull server code
    // into every page that calls the server.
    files: ['lib/contract.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: serverOnly.group,
              allowTypeImports: true,
              message: 'lib/contract.ts — только типы: из lib/server разрешён лишь import type.',
            },
          ],
        },
      ],
    },
  },
];

export default config;
