import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'coverage/**', 'bench/results/**', '.tools/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Only the env module reads process.env (STYLE §6).
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through src/config/env.ts' },
      ],
    },
  },
  {
    files: [
      'apps/server/src/config/env.ts',
      // The example site's entry hands its environment to config.ts, once.
      'examples/site/src/main.ts',
      '**/test/**',
      '**/*.config.ts',
      'bench/**',
      '**/scripts/**',
      '**/e2e/**',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
);
