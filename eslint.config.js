// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Import directions of DESIGN.md, as forbidden imports per folder:
 * metadata <- platform/core <- platform/ui <- app; server sees metadata and platform/core only;
 * nothing imports server or tests. Cycles are checked by `npm run check:cycles`.
 */
const forbid = (regex, message) => ({ regex, message });
const climbsTo = (folder) => `^(\\.\\./)+${folder}(/|$)`;
const notServer = forbid(climbsTo('server'), 'Nothing imports the server.');
const notTests = forbid(climbsTo('tests'), 'Nothing imports the tests.');
const notApp = forbid(climbsTo('app'), 'Only the app imports the app.');
const notUi = forbid(
  `^#platform/ui|${climbsTo('(platform/)?ui')}`,
  'platform/ui is for the app only.',
);
const notOurs = forbid(
  `^#|${climbsTo('(platform|app|server|tests)')}`,
  'metadata imports nothing of ours.',
);
const notReactOrNode = forbid(
  '^(react|react-dom)(/|$)|^node:|^(fs|path|os|crypto|http)$',
  'platform/core has no React and no Node APIs.',
);

const zone = (files, patterns) => ({
  files,
  rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] },
});

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'data', 'coverage', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  zone(['metadata/**'], [notOurs]),
  zone(['platform/core/**'], [notUi, notApp, notServer, notTests, notReactOrNode]),
  zone(['platform/ui/**'], [notApp, notServer, notTests]),
  zone(['app/**'], [notServer, notTests]),
  zone(['server/**'], [notUi, notApp, notTests]),
  {
    // Kysely's CamelCasePlugin rewrites every identifier, aliases included: `'code as Code'`
    // comes back as `code`. Queries answer camelCase rows; the spec's PascalCase shapes come
    // from the engine's storage mapping or from a typed mapping function, never from an alias.
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^[\\w.]+\\s+as\\s+[A-Z]\\w*$/]',
          message: 'No PascalCase SQL alias: the CamelCasePlugin lower-cases it. Map the row.',
        },
        {
          selector:
            "TaggedTemplateExpression[tag.name='sql'] TemplateElement[value.raw=/\\sas\\s+\"?[A-Z]/]",
          message: 'No PascalCase SQL alias: the CamelCasePlugin lower-cases it. Map the row.',
        },
        {
          selector: "CallExpression[callee.property.name='as'] > Literal[value=/^[A-Z]/]",
          message: 'No PascalCase SQL alias: the CamelCasePlugin lower-cases it. Map the row.',
        },
      ],
    },
  },
);
