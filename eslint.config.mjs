// Lint: typescript-eslint's recommended rules, kept to what finds defects (formatting is Prettier's job).
// The bounded-context rule (no reaching into another context's internals) lives in eslint/boundaries.mjs.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from './eslint/boundaries.mjs';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'test-results/**', 'data/**', 'web/learner/src/i18n/generated/**', '**/*.js', '**/*.mjs', '**/*.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-require-imports': 'off',
      '@typescript-eslint/no-namespace': 'off',
      '@typescript-eslint/no-empty-object-type': 'off',
      'no-empty': ['error', { allowEmptyCatch: true }],
      'no-control-regex': 'off',
      // Generators and proxies name the instance they close over (self, store, metrics).
      '@typescript-eslint/no-this-alias': 'off',
    },
  },
  {
    files: ['backend/**/*.ts', 'projections/**/*.ts', 'events/**/*.ts'],
    plugins: { boundaries },
    rules: { 'boundaries/no-foreign-internals': 'error' },
  },
  {
    // The web apps reach the server's code only through `import type` of its view modules (*.view.ts).
    files: ['web/**/*.tsx', 'web/**/*.ts'],
    plugins: { boundaries },
    rules: { 'boundaries/no-foreign-internals': 'error' },
  },
  {
    files: ['web/**/*.tsx', 'web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
