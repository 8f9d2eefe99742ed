/**
 * Field patterns at their worst, printed as figures (not pass/fail; target under 50 ms each):
 * the patterns that make a backtracking engine (JavaScript's RegExp) take exponential or high
 * polynomial time, and those that make RE2 work hardest (a large program), each over values of
 * 10,000 characters built to fail as late as possible (and one that passes, where there is one):
 * 1. through the engine's validator (`validateValues`, the ajv every row save runs): compiling
 *    the schema (once per definition), the first run (RE2's DFA cache empty) and the worst of
 *    20 more; beside it,
 *    JavaScript's RegExp on the same pattern over a value of only 24 characters, for scale;
 * 2. through the whole server: a data source designed with the pattern (`POST api/dataSources`;
 *    a pattern RE2 cannot run is refused there), a first row that compiles its schema, then
 *    one refused and one accepted row (`POST .../data`), whose time includes the database's
 *    own check of the pattern (a CHECK constraint) on an accepted value.
 * Run with `npm run bench`; set TEST_DATABASE_URL for PostgreSQL (else PGlite, in-process).
 */
import { performance } from 'node:perf_hooks';
import type { DataSourceView } from '#metadata';
import { patternRefusal } from '#platform/core';
import { validateValues } from '../../server/engine/validation';
import { apiClient } from '../support/api-client';
import { createTestApp } from '../support/test-app';

const length = 10_000;
const runs = 20;
const targetMs = 50;
const serverRuns = 5;

interface Case {
  pattern: string;
  /** A value of `length` characters the pattern refuses, as late as it can. */
  refused: string;
  /** One it takes, when there is one worth timing. */
  accepted?: string;
  /** A value whose last 24 characters JavaScript's RegExp is timed on, for scale. */
  short?: string;
}

/** `length` characters: `start`, `unit` repeated, `end`. */
const fill = (unit: string, end = '', start = '') =>
  start + unit.repeat(length).slice(0, length - start.length - end.length) + end;

const cases: Case[] = [
  { pattern: '^(a|a)*$', refused: fill('a', 'b'), accepted: fill('a'), short: fill('a', 'b') },
  { pattern: '^(a+)+$', refused: fill('a', '!'), accepted: fill('a'), short: fill('a', '!') },
  { pattern: '(x+x+)+y', refused: fill('x'), accepted: fill('x', 'y') },
  { pattern: '^(\\w+\\s?)*$', refused: fill('ab ', '!'), accepted: fill('ab ') },
  { pattern: '^(a|aa)*c$', refused: fill('a', 'b'), accepted: fill('a', 'c') },
  { pattern: '^(.*a){12}$', refused: fill('a', 'b'), accepted: fill('a') },
  {
    pattern: '^([a-zA-Z0-9]+[._-]?)*@example\\.com$',
    refused: fill('a', '!'),
    accepted: fill('a', '@example.com'),
  },
  { pattern: '^(\\d+)*\\.\\d+$', refused: fill('1', 'x'), accepted: fill('1', '.5') },
  // RE2's hardest: its DFA gives up on 2^20 states and the NFA runs...
  { pattern: '(a|b)*a(a|b){20}c', refused: fill('ab', '', 'c') },
  // ...and the largest programs it is let run (maxPatternProgramSize): every character meets
  // hundreds of states. The literal up front defeats the prefilter (no `x`: no match).
  { pattern: '\\p{L}{297}1', refused: fill('é', '', '1') },
  { pattern: '[^x]{148}[^y]{148}z', refused: fill('a', '', 'z') },
  { pattern: '(.{145})\\b(.{145})x', refused: fill('a b', '', 'x') },
  { pattern: '^(?:a?){98}a{98}$', refused: fill('a', 'b'), accepted: fill('a').slice(-196) },
  { pattern: '(?:\\w+\\s?){74}!', refused: fill('ab ', '', '!') },
  // Larger ones are refused at design time.
  { pattern: '\\p{L}{800}1', refused: fill('é', '', '1') },
  { pattern: '(?:a|b|ab|ba){1000}z', refused: fill('ab', '', 'z') },
];

const ms = (value: number) => (value >= 1 ? value.toFixed(1) : value.toFixed(3));

/** The first call (cold: RE2's DFA cache empty) and the worst of `runs` more. */
function timesOf(call: () => unknown): { first: number; worst: number } {
  let start = performance.now();
  call();
  const first = performance.now() - start;
  let worst = 0;
  for (let i = 0; i < runs; i++) {
    start = performance.now();
    call();
    worst = Math.max(worst, performance.now() - start);
  }
  return { first, worst };
}

/** JavaScript's RegExp over the last 24 characters of `short` (it doubles with each more). */
function javaScriptMs({ pattern, short }: Case): string {
  if (short === undefined) return '-';
  const regExp = new RegExp(pattern, 'u');
  const start = performance.now();
  regExp.test(short.slice(-24));
  return ms(performance.now() - start);
}

console.log(
  `Field patterns over ${length.toLocaleString('en')} characters (target < ${targetMs} ms)\n`,
);

// A server that has run a while: ajv, ajv-formats and re2js's code compiled by V8.
for (let i = 0; i < 50; i++) {
  const schema = {
    type: 'object',
    properties: { Code: { type: 'string', pattern: '^[a-z]+\\d$' } },
  };
  validateValues('bench-warm-up', schema, ['Code'], { Code: fill('a', '1') });
}

const validatorRows = cases.map((c, index) => {
  const refusal = patternRefusal(c.pattern);
  if (refusal)
    return { pattern: c.pattern, 'under target': `refused: ${refusal.message.slice(0, 40)}…` };
  const schema = { type: 'object', properties: { Code: { type: 'string', pattern: c.pattern } } };
  const key = `bench-${index}`;
  const compileStart = performance.now();
  validateValues(key, schema, ['Code'], { Code: '' });
  const compileMs = performance.now() - compileStart;
  const refused = timesOf(() => validateValues(key, schema, ['Code'], { Code: c.refused }));
  const accepted = c.accepted
    ? timesOf(() => validateValues(key, schema, ['Code'], { Code: c.accepted }))
    : undefined;
  const worst = Math.max(refused.first, refused.worst, accepted?.first ?? 0, accepted?.worst ?? 0);
  return {
    pattern: c.pattern,
    'compile (ms)': ms(compileMs),
    'refused: first / worst (ms)': `${ms(refused.first)} / ${ms(refused.worst)}`,
    'accepted: first / worst (ms)': accepted
      ? `${ms(accepted.first)} / ${ms(accepted.worst)}`
      : '-',
    'JS RegExp, 24 chars (ms)': javaScriptMs(c),
    'under target': worst < targetMs ? 'yes' : 'NO',
  };
});
console.log(
  `1. The engine's validator (ajv with RE2): compiling the schema, then the first run (cold) and the worst of ${runs} more:`,
);
console.table(validatorRows);

const t = await createTestApp({ demo: true });
const client = apiClient(t);
const serverRows = [];
for (const [index, c] of cases.entries()) {
  const design = await client.post('admin', '/api/dataSources', {
    Id: 0,
    Name: `Pattern bench ${index + 1}`,
    PrimaryKeyField: '',
    SchemaDefinition: {
      type: 'object',
      properties: { Code: { type: 'string', pattern: c.pattern } },
    },
    FormDefinition: null,
  });
  if (design.statusCode !== 200) {
    const message = design.json<{ Message: string }>().Message;
    serverRows.push({
      pattern: c.pattern,
      design: `${design.statusCode}: ${message.slice(0, 60)}…`,
    });
    continue;
  }
  const { Id } = design.json<DataSourceView>();
  // Its first row compiles the field's schema: timed apart from the worst cases.
  const first = performance.now();
  await client.post('admin', `/api/dataSources/${Id}/data`, { Json: { Code: '' } });
  const firstMs = ms(performance.now() - first);
  const save = async (Code: string) => {
    const times: number[] = [];
    let status = 0;
    for (let run = 0; run < serverRuns; run++) {
      const start = performance.now();
      const response = await client.post('admin', `/api/dataSources/${Id}/data`, {
        Json: { Code },
      });
      times.push(performance.now() - start);
      status = response.statusCode;
    }
    times.sort((a, b) => a - b);
    return `${status}: ${ms(times[Math.floor(serverRuns / 2)]!)} / ${ms(times.at(-1)!)}`;
  };
  serverRows.push({
    pattern: c.pattern,
    design: String(design.statusCode),
    'first row, empty (ms)': firstMs,
    'refused row (status: p50 / max ms)': await save(c.refused),
    'accepted row (status: p50 / max ms)': c.accepted ? await save(c.accepted) : '-',
  });
}
console.log(
  `\n2. Through the whole server, ${serverRuns} saves each (${t.database.url ? 'PostgreSQL' : 'PGlite, in-process'}):`,
);
console.table(serverRows);
await t.close();
