import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The translation-key check of `tests/unit/translation-keys.test.ts`: which keys the code uses
 * (literals, `t(...)` calls, template literals whose values the type checker can list), which
 * the dictionary defines, and which texts JSX shows without a key.
 */

/** What a key looks like where no `t(...)` call says so: `GRID.NO_RESULTS`, `DELIVERY.STATE.R`. */
export const keyShape = /^[A-Z][A-Z0-9_]*(\.[A-Z0-9_]+)+$/;
/** The static start of a template literal that builds a key: `` `DELIVERY.STATE.${code}` ``. */
const keyPrefixShape = /^[A-Z][A-Z0-9_]*\./;
/** dayjs patterns (`DD.MM.YYYY`) have the shape of a key but are none. */
const dateFormatShape = /^[DMYHhmsA]+(\.[DMYHhmsA]+)+$/;
/** i18next picks `KEY_one` / `KEY_other` for `t('KEY', { count })`. */
const pluralSuffix = /_(zero|one|two|few|many|other)$/;
/** Calls whose first argument is a key: `t`, `i18n.t`, `appI18n.t`, `translate`, `config.translate`. */
const translateNames = new Set(['t', 'translate']);
/** JSX props that show their text to people. */
const textProps = new Set([
  'label',
  'title',
  'placeholder',
  'description',
  'error',
  'alt',
  'tooltip',
  'message',
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
]);
/** More dynamic keys than this from one template literal means its parts are not real lists. */
const maxExpansion = 1000;

/**
 * Dynamic keys whose values the type checker cannot see (they come from data) but the test can
 * list, e.g. from metadata: `{ shape: 'DELIVERY.STATE.{}', values: Object.keys(names) }`.
 */
export interface KeyFamily {
  /** The template literal with `{}` for its one substitution. */
  shape: string;
  values: readonly string[];
  /** Where the values come from, for the report. */
  source: string;
}

/** A key prefix whose keys are built from data nobody can list; every key under it counts as used. */
export interface AllowedPrefix {
  prefix: string;
  reason: string;
}

export type FindingRule =
  | 'undefined key'
  | 'unused key'
  | 'duplicate key'
  | 'unregistered key'
  | 'dynamic key'
  | 'hard-coded text'
  | 'stale exception';

export interface Finding {
  rule: FindingRule;
  /** The key or the text. */
  text: string;
  /** `path:line` relative to the root. */
  at: string;
}

export interface KeyCheckInput {
  root: string;
  program: ts.Program;
  /** Files read for keys (absolute). */
  usageFiles: readonly string[];
  /** Files read for hard-coded JSX texts (absolute). */
  jsxFiles: readonly string[];
  /** The translation files, to say where a key is defined and find keys defined twice. */
  dictionaryFiles: readonly string[];
  dictionary: Readonly<Record<string, string>>;
  families?: readonly KeyFamily[];
  allowedPrefixes?: readonly AllowedPrefix[];
  /** Visible texts that are no words of any language (brand names). */
  textExceptions?: readonly string[];
}

export interface KeyReport {
  findings: Finding[];
  /** Every key the code uses, whether defined or not. */
  used: ReadonlySet<string>;
}

/** The `.ts` / `.tsx` files under `dir`, recursively. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'))
    .map((file) => path.join(dir, file));
}

/** The compiler options of the project's tsconfig. */
export function projectOptions(root: string): ts.CompilerOptions {
  const parsed = ts.getParsedCommandLineOfConfigFile(path.join(root, 'tsconfig.json'), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  });
  if (!parsed) throw new Error('tsconfig.json could not be read');
  return { ...parsed.options, noEmit: true };
}

/**
 * The values of a type alias that is a union of string (or number) literals, e.g.
 * `typeValues(program, 'server/domain/compaction/reasons.ts', 'ReasonCode')`.
 */
export function typeValues(program: ts.Program, file: string, typeName: string): string[] {
  const source = program.getSourceFile(file);
  const checker = program.getTypeChecker();
  const declaration = source?.statements.find(
    (statement): statement is ts.TypeAliasDeclaration =>
      ts.isTypeAliasDeclaration(statement) && statement.name.text === typeName,
  );
  const values = declaration && literalValues(checker.getTypeAtLocation(declaration.name));
  if (!values) throw new Error(`${file} has no type ${typeName} made of literals`);
  return values;
}

function literalValues(type: ts.Type): string[] | undefined {
  const members = type.isUnion() ? type.types : [type];
  const values: string[] = [];
  for (const member of members) {
    if (member.isStringLiteral() || member.isNumberLiteral()) values.push(String(member.value));
    else if (member.flags & ts.TypeFlags.BooleanLiteral) {
      values.push((member as { intrinsicName?: string }).intrinsicName ?? '');
    } else return undefined;
  }
  return values;
}

/** Runs the check; an empty `findings` means every key is defined, used, and every text a key. */
export function checkTranslationKeys(input: KeyCheckInput): KeyReport {
  const { root, program, dictionary } = input;
  const checker = program.getTypeChecker();
  const findings: Finding[] = [];
  const used = new Set<string>();
  const defined = (key: string) =>
    Object.hasOwn(dictionary, key) || Object.hasOwn(dictionary, `${key}_other`);
  const where = (node: ts.Node) => {
    const source = node.getSourceFile();
    // A JSX text starts with the white space before its words.
    const start =
      node.getStart(source) + (ts.isJsxText(node) ? /^\s*/.exec(node.text)![0].length : 0);
    const line = source.getLineAndCharacterOfPosition(start).line + 1;
    return `${path.relative(root, source.fileName).split(path.sep).join('/')}:${line}`;
  };
  const markUsed = (key: string, at: string) => {
    used.add(key);
    if (!defined(key)) findings.push({ rule: 'undefined key', text: key, at });
  };
  const familiesUsed = new Set<KeyFamily>();
  const prefixesUsed = new Set<AllowedPrefix>();

  for (const file of input.usageFiles) {
    const source = program.getSourceFile(file);
    if (!source) throw new Error(`${file} is not part of the program`);
    // Key-shaped literals no key is defined for, unless the file builds keys from them.
    const candidates: { text: string; at: string }[] = [];
    const built: string[] = [];
    const expand = (node: ts.TemplateExpression): string[] | undefined => {
      let keys = [node.head.text];
      for (const span of node.templateSpans) {
        const values = literalValues(checker.getTypeAtLocation(span.expression));
        if (!values || keys.length * values.length > maxExpansion) return undefined;
        keys = keys.flatMap((key) => values.map((value) => key + value + span.literal.text));
      }
      return keys;
    };
    const dynamic = (node: ts.TemplateExpression) => {
      const keys = expand(node);
      if (keys) {
        for (const key of keys) markUsed(key, where(node));
        built.push(...keys);
        return;
      }
      const shape = node.head.text + node.templateSpans.map((s) => `{}${s.literal.text}`).join('');
      const family = input.families?.find((candidate) => candidate.shape === shape);
      if (family) {
        familiesUsed.add(family);
        for (const value of family.values) markUsed(shape.replace('{}', value), family.source);
        return;
      }
      const allowed = input.allowedPrefixes?.find(({ prefix }) =>
        node.head.text.startsWith(prefix),
      );
      if (allowed) {
        prefixesUsed.add(allowed);
        for (const key of Object.keys(dictionary))
          if (key.startsWith(allowed.prefix)) used.add(key);
        return;
      }
      findings.push({ rule: 'dynamic key', text: node.getText(), at: where(node) });
    };
    const visit = (node: ts.Node): void => {
      if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
        const text = node.text;
        if (Object.hasOwn(dictionary, text)) used.add(text);
        else if (isKeyArgument(node)) markUsed(text, where(node));
        else if (keyShape.test(text) && !dateFormatShape.test(text)) {
          if (defined(text)) used.add(text);
          else candidates.push({ text, at: where(node) });
        }
      } else if (ts.isTemplateExpression(node)) {
        if (isKeyArgument(node) || keyPrefixShape.test(node.head.text)) dynamic(node);
      } else if (ts.isCallExpression(node) && isTranslateCall(node)) {
        const [argument] = node.arguments;
        if (argument && !ts.isStringLiteralLike(argument) && !ts.isTemplateExpression(argument)) {
          const values = literalValues(checker.getTypeAtLocation(argument));
          for (const key of values ?? []) markUsed(key, where(argument));
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    for (const { text, at } of candidates) {
      if (!built.some((key) => key.startsWith(text))) markUsed(text, at);
    }
  }

  for (const family of input.families ?? []) {
    if (!familiesUsed.has(family)) {
      findings.push({ rule: 'stale exception', text: family.shape, at: family.source });
    }
  }
  for (const allowed of input.allowedPrefixes ?? []) {
    if (!prefixesUsed.has(allowed)) {
      findings.push({ rule: 'stale exception', text: allowed.prefix, at: allowed.reason });
    }
  }

  const definitions = definitionSites(input);
  for (const [key, sites] of definitions) {
    // Written in a translation file that `defaultTexts` does not spread in.
    if (!Object.hasOwn(dictionary, key)) {
      findings.push({ rule: 'unregistered key', text: key, at: sites.join(', ') });
    } else if (sites.length > 1)
      findings.push({ rule: 'duplicate key', text: key, at: sites.join(', ') });
  }
  for (const key of Object.keys(dictionary)) {
    const base = key.replace(pluralSuffix, '');
    if (used.has(key) || (base !== key && used.has(base))) continue;
    const at = definitions.get(key)?.[0] ?? 'metadata/translations (a computed key)';
    findings.push({ rule: 'unused key', text: key, at });
  }

  findings.push(...hardCodedTexts(input, where));
  return { findings, used };
}

/** `t('KEY')`, `i18n.t('KEY')`, `translate('KEY')`, `<Trans i18nKey="KEY">`. */
function isKeyArgument(node: ts.Node): boolean {
  const parent = node.parent;
  if (ts.isCallExpression(parent)) return parent.arguments[0] === node && isTranslateCall(parent);
  if (ts.isJsxAttribute(parent)) return parent.name.getText() === 'i18nKey';
  if (ts.isJsxExpression(parent) && ts.isJsxAttribute(parent.parent)) {
    return parent.parent.name.getText() === 'i18nKey';
  }
  return false;
}

function isTranslateCall(call: ts.CallExpression): boolean {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return translateNames.has(callee.text);
  if (ts.isPropertyAccessExpression(callee)) return translateNames.has(callee.name.text);
  return false;
}

/** Where each key is written in the translation files: `path:line`, once per definition. */
function definitionSites({ root, program, dictionaryFiles, dictionary }: KeyCheckInput) {
  const sites = new Map<string, string[]>();
  for (const file of dictionaryFiles) {
    const source =
      program.getSourceFile(file) ??
      ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    const visit = (node: ts.Node): void => {
      if (
        ts.isPropertyAssignment(node) &&
        ts.isStringLiteralLike(node.name) &&
        (Object.hasOwn(dictionary, node.name.text) || keyShape.test(node.name.text))
      ) {
        const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
        const at = `${path.relative(root, file).split(path.sep).join('/')}:${line}`;
        sites.set(node.name.text, [...(sites.get(node.name.text) ?? []), at]);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return sites;
}

/** The string literals an expression can be: `'a'`, `x ? 'a' : 'b'`, `x ?? 'a'`. */
function literalTexts(node: ts.Expression): ts.StringLiteralLike[] {
  if (ts.isStringLiteralLike(node)) return [node];
  if (ts.isParenthesizedExpression(node)) return literalTexts(node.expression);
  if (ts.isConditionalExpression(node)) {
    return [...literalTexts(node.whenTrue), ...literalTexts(node.whenFalse)];
  }
  if (
    ts.isBinaryExpression(node) &&
    [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(
      node.operatorToken.kind,
    )
  ) {
    return [...literalTexts(node.left), ...literalTexts(node.right)];
  }
  return [];
}

/** Text children and text props of JSX that hold words but no key. */
function hardCodedTexts(input: KeyCheckInput, where: (node: ts.Node) => string): Finding[] {
  const findings: Finding[] = [];
  const exceptions = new Set(input.textExceptions ?? []);
  const seen = new Set<string>();
  const words = (text: string) => /\p{L}/u.test(text) && !exceptions.has(text.trim());
  const report = (node: ts.Node, text: string) => {
    seen.add(text.trim());
    findings.push({ rule: 'hard-coded text', text: text.trim(), at: where(node) });
  };
  const check = (node: ts.Expression) => {
    for (const literal of literalTexts(node)) {
      const text = literal.text;
      if (Object.hasOwn(input.dictionary, text) || keyShape.test(text)) continue;
      if (words(text)) report(literal, text);
      else if (exceptions.has(text.trim())) seen.add(text.trim());
    }
  };
  for (const file of input.jsxFiles) {
    const source = input.program.getSourceFile(file);
    if (!source) throw new Error(`${file} is not part of the program`);
    const visit = (node: ts.Node): void => {
      if (ts.isJsxText(node)) {
        if (words(node.text)) report(node, node.text);
        else if (exceptions.has(node.text.trim())) seen.add(node.text.trim());
      } else if (
        ts.isJsxExpression(node) &&
        node.expression &&
        (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))
      ) {
        check(node.expression);
      } else if (
        ts.isJsxAttribute(node) &&
        textProps.has(node.name.getText()) &&
        node.initializer
      ) {
        const value = node.initializer;
        if (ts.isStringLiteral(value)) check(value);
        else if (ts.isJsxExpression(value) && value.expression) check(value.expression);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  for (const text of exceptions) {
    if (!seen.has(text)) findings.push({ rule: 'stale exception', text, at: 'text exceptions' });
  }
  return findings;
}

/** One line per finding, for an assertion message that says what to fix and where. */
export function describeFindings(findings: readonly Finding[]): string {
  return findings.map(({ rule, text, at }) => `${rule}: ${text}  (${at})`).join('\n');
}
