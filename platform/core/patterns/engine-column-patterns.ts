/** A date a column can store: year 1 or later (PostgreSQL has no year 0000). */
export const storableDate = '^(?!0000)';

/** A date-time a column can store: year 1 or later, an offset under 16 hours. */
export const storableDateTime = '^(?!0000)(?!.*[+-](?:1[6-9]|2\\d)(?::?\\d\\d)?$)';

/**
 * The engine's own column rules that need JavaScript's engine (a lookahead, which RE2 lacks).
 * They are ours, never a user's (the designer refuses lookarounds), and run in linear time:
 * anchored at the start, no repetition inside a repetition. The server's validator and the
 * browser's both run every other pattern with RE2.
 */
export const lookaheadColumnPatterns: readonly string[] = [storableDate, storableDateTime];
