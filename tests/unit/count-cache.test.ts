import { describe, expect, it } from 'vitest';
import {
  countFreshMs,
  entityRowsWritten,
  readingCount,
  rememberedCount,
} from '../../server/engine/count-cache';

/** The remembered counts: fresh for a few seconds, per database, forgotten on any engine write. */
describe('the count cache', () => {
  const at = 1_000_000;

  it('answers a count read on the same database while it is fresh, and not after', () => {
    const database = {};
    readingCount(database, 'count a', at).remember(42);
    expect(rememberedCount(database, 'count a', at + 10)).toBe(42);
    expect(rememberedCount({}, 'count a', at + 10)).toBeUndefined();
    expect(rememberedCount(database, 'count b', at + 10)).toBeUndefined();
    expect(rememberedCount(database, 'count a', at + countFreshMs)).toBeUndefined();
    expect(rememberedCount(database, 'count a', at + 10)).toBeUndefined();
  });

  it('forgets every count when entity rows are written', () => {
    const database = {};
    readingCount(database, 'count a', at).remember(7);
    entityRowsWritten();
    expect(rememberedCount(database, 'count a', at)).toBeUndefined();
  });

  it('does not keep a count read while a write was under way', () => {
    const database = {};
    const reading = readingCount(database, 'count a', at);
    entityRowsWritten();
    reading.remember(7);
    expect(rememberedCount(database, 'count a', at)).toBeUndefined();
    readingCount(database, 'count a', at).remember(8);
    expect(rememberedCount(database, 'count a', at)).toBe(8);
  });
});
