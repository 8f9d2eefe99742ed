import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { defaultTexts, deliveryStateNames } from '#metadata';
import { wmoWeatherTexts } from '../../metadata/weather';
import {
  type AllowedPrefix,
  checkTranslationKeys,
  describeFindings,
  type KeyFamily,
  projectOptions,
  sourceFiles,
  typeValues,
} from '../support/translation-keys';

const root = path.resolve(import.meta.dirname, '../..');
const at = (...parts: string[]) => path.join(root, ...parts);
const translationsDir = at('metadata/translations');

/** Everything that can show a text or send a key to the browser: the translation files aside. */
const usageFiles = ['app', 'platform', 'metadata', 'server']
  .flatMap((dir) => sourceFiles(at(dir)))
  .filter((file) => !file.startsWith(translationsDir + path.sep));
const jsxFiles = [...sourceFiles(at('app')), ...sourceFiles(at('platform/ui'))].filter((file) =>
  file.endsWith('.tsx'),
);
const dictionaryFiles = sourceFiles(translationsDir).filter((file) => !file.endsWith('index.ts'));

/**
 * Keys built from data the type checker sees only as `string` (a row's code, a forecast's
 * provider), each with the list its values come from. A value missing from the dictionary fails.
 */
function keyFamilies(program: ts.Program): KeyFamily[] {
  const fromType = (file: string, type: string) => typeValues(program, at(file), type);
  return [
    {
      shape: 'DELIVERY.STATE.{}',
      values: Object.keys(deliveryStateNames),
      source: 'metadata/entities/deliveries.ts (deliveryStateNames)',
    },
    {
      shape: 'DELIVERY.REASON.{}',
      values: fromType('server/domain/compaction/reasons.ts', 'ReasonCode'),
      source: 'server/domain/compaction/reasons.ts (ReasonCode)',
    },
    {
      shape: 'DELIVERY.LOCATION_SOURCE.{}',
      values: fromType('server/modules/deliveries/state/location.ts', 'LocationSource'),
      source: 'server/modules/deliveries/state/location.ts (LocationSource)',
    },
    {
      shape: 'WEATHER.PROVIDER.{}',
      values: fromType('server/modules/weather/providers/provider.ts', 'ProviderName'),
      source: 'server/modules/weather/providers/provider.ts (ProviderName)',
    },
    {
      shape: 'WEATHER.CODE.{}',
      values: Object.keys(wmoWeatherTexts),
      source: 'metadata/weather.ts (wmoWeatherTexts)',
    },
  ];
}

/**
 * Key prefixes built from data no list in the code holds; every key under them counts as used.
 * Keep it short: a new entry needs a reason a reviewer accepts.
 */
const allowedPrefixes: AllowedPrefix[] = [];

/** Visible texts that are the same in every language. */
const textExceptions: string[] = [];

function productProgram(): ts.Program {
  return ts.createProgram(usageFiles, projectOptions(root));
}

describe('translation keys', () => {
  it('defines every key the product uses, uses every key it defines, and shows no bare text', () => {
    const program = productProgram();
    const report = checkTranslationKeys({
      root,
      program,
      usageFiles,
      jsxFiles,
      dictionaryFiles,
      dictionary: defaultTexts,
      families: keyFamilies(program),
      allowedPrefixes,
      textExceptions,
    });
    expect(report.used.size).toBeGreaterThan(1000);
    expect(describeFindings(report.findings)).toBe('');
    // Type-checking the whole product takes seconds, more with other test files running.
  }, 120_000);

  it('gives every key an en-gb text', () => {
    const empty = Object.entries(defaultTexts).filter(([, text]) => text.trim() === '');
    expect(empty.map(([key]) => key)).toEqual([]);
  });
});

describe('the translation-key check itself', () => {
  const fakeRoot = at('tests/fake-translations');
  const fakeFiles: Record<string, string> = {
    'texts.ts': `export const texts = { 'FAKE.USED': 'Used', 'FAKE.UNUSED': 'Unused',
      'FAKE.COUNT_one': '{{count}} item', 'FAKE.COUNT_other': '{{count}} items',
      'FAKE.KIND.a': 'A', 'FAKE.KIND.b': 'B', 'FAKE.ROW.x': 'X', 'FAKE.USED': 'Twice' };
      export const forgotten = { 'FAKE.LOST': 'Not spread into the dictionary' };`,
    'screen.tsx': `declare function t(key: string, options?: object): string;
      type Kind = 'a' | 'b';
      export const title = { title: 'FAKE.USED', other: 'FAKE.MISSING' };
      export function Screen({ kind, row }: { kind: Kind; row: string }) {
        const part = kind === 'a' ? 'FAKE.PART.A' : 'FAKE.PART.B';
        return <p title="Hard coded" aria-label={t('FAKE.COUNT', { count: 2 })}>
          Hello {t(\`FAKE.KIND.\${kind}\`)} {t(\`FAKE.ROW.\${row}\`)} {t(\`\${part}_END\`)}
          {t('lowercase.key')} {t(\`FAKE.OTHER.\${row}\`)} {t(\`\${row}.END\`)}
          {kind === 'a' ? 'Bare' : '—'}
        </p>;
      }`,
  };
  const fake = (name: string) => path.join(fakeRoot, name);

  function fakeProgram(): ts.Program {
    const options: ts.CompilerOptions = { jsx: ts.JsxEmit.Preserve, strict: true, noLib: true };
    const host = ts.createCompilerHost(options);
    const contents = new Map(Object.entries(fakeFiles).map(([name, text]) => [fake(name), text]));
    const { getSourceFile, fileExists, readFile } = host;
    host.getSourceFile = (name, language, ...rest) => {
      const text = contents.get(name);
      return text === undefined
        ? getSourceFile.call(host, name, language, ...rest)
        : ts.createSourceFile(name, text, language, true);
    };
    host.fileExists = (name) => contents.has(name) || fileExists.call(host, name);
    host.readFile = (name) => contents.get(name) ?? readFile.call(host, name);
    return ts.createProgram([fake('screen.tsx'), fake('texts.ts')], options, host);
  }

  it('reports each kind of problem at its file and line, and nothing else', () => {
    const { findings } = checkTranslationKeys({
      root: fakeRoot,
      program: fakeProgram(),
      usageFiles: [fake('screen.tsx')],
      jsxFiles: [fake('screen.tsx')],
      dictionaryFiles: [fake('texts.ts')],
      dictionary: {
        'FAKE.USED': 'Used',
        'FAKE.UNUSED': 'Unused',
        'FAKE.COUNT_one': '{{count}} item',
        'FAKE.COUNT_other': '{{count}} items',
        'FAKE.KIND.a': 'A',
        'FAKE.KIND.b': 'B',
        'FAKE.ROW.x': 'X',
        'FAKE.PART.A_END': 'End of A',
      },
      families: [
        { shape: 'FAKE.ROW.{}', values: ['x', 'y'], source: 'rows list' },
        { shape: 'FAKE.GONE.{}', values: ['x'], source: 'gone list' },
      ],
      allowedPrefixes: [{ prefix: 'FAKE.OTHER.', reason: 'free text' }],
      textExceptions: ['—', 'Never shown'],
    });
    expect(findings.map(({ rule, text, at }) => `${rule} | ${text} | ${at}`).sort()).toEqual(
      [
        'duplicate key | FAKE.USED | texts.ts:1, texts.ts:3',
        'dynamic key | `${row}.END` | screen.tsx:8',
        'hard-coded text | Bare | screen.tsx:9',
        'hard-coded text | Hard coded | screen.tsx:6',
        'hard-coded text | Hello | screen.tsx:7',
        'stale exception | FAKE.GONE.{} | gone list',
        'stale exception | Never shown | text exceptions',
        'undefined key | FAKE.MISSING | screen.tsx:3',
        'undefined key | FAKE.PART.B_END | screen.tsx:7',
        'undefined key | FAKE.ROW.y | rows list',
        'undefined key | lowercase.key | screen.tsx:8',
        'unregistered key | FAKE.LOST | texts.ts:4',
        'unused key | FAKE.UNUSED | texts.ts:1',
      ].sort(),
    );
  });
});
