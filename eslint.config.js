// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import path from 'node:path';

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

/**
 * One module door (DESIGN.md §3): a file of `server/modules/<a>/` or `app/modules/<a>/` is
 * reached from outside its module only through `<a>/index.ts`; the list of modules
 * (`<side>/modules/index.ts`) alone also reaches each module's `manifest`.
 */
const moduleDoor = {
  meta: {
    type: 'problem',
    messages: {
      internal: "'{{source}}' is inside the {{module}} module: reach it only through its index.ts.",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename.split(path.sep).join('/');
    const side = /\/(server|app)\/modules\//.exec(file);
    const here = side ? file.slice(side.index + side[0].length).split('/') : [];
    const ownModule = here.length > 1 ? here[0] : null;
    const isModuleList = here.length === 1 && /^index\.tsx?$/.test(here[0] ?? '');
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), source));
      const at = /\/(server|app)\/modules\/([^/]+)\/(.+)$/.exec(target);
      if (!at || at[2] === ownModule) return;
      const inner = at[3].replace(/\.tsx?$/, '');
      if (inner === 'index') return;
      if (inner === 'manifest' && isModuleList) return;
      context.report({ node: node.source, messageId: 'internal', data: { source, module: at[2] } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

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
  {
    files: ['server/**/*.{ts,tsx}', 'app/**/*.{ts,tsx}'],
    plugins: { local: { rules: { 'module-door': moduleDoor } } },
    rules: { 'local/module-door': 'error' },
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
