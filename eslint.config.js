import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import importGraph from './eslint/importGraph.js';

export default tseslint.config(
  { ignores: ['dist', 'dist-demo', 'dist-ssr', 'node_modules', '.data', 'test-results', 'playwright-report', 'reports'] },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    files: ['**/*.{ts,tsx}'],
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react',
              importNames: ['lazy'],
              message:
                'Use lazyComponent (src/lazyComponent.tsx) or lazyScreen: React 19 holds React.lazy content at least 300 ms after its Suspense fallback.',
            },
          ],
        },
      ],
      'no-restricted-properties': [
        'error',
        {
          object: 'React',
          property: 'lazy',
          message:
            'Use lazyComponent (src/lazyComponent.tsx) or lazyScreen: React 19 holds React.lazy content at least 300 ms after its Suspense fallback.',
        },
      ],
    },
  },
  {
    // No import cycles (type-only and dynamic imports included) and layers that import downward
    // only: eslint/importGraph.js, drawn in docs/architecture.md ("Layers").
    files: ['src/**/*.{ts,tsx}', 'site/**/*.{ts,tsx}', 'mocks/**/*.{ts,tsx}', 'supabase/functions/**/*.ts'],
    plugins: { local: importGraph },
    rules: { 'local/import-graph': 'error' },
  },
);
