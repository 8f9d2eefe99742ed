import type { FieldError } from '../../errors/app-error';

/** Settings that bound each other: `low` must stay below `high` (or at most it, unless strict). */
const pairs: readonly { low: string; high: string; strict?: true }[] = [
  // The captcha draws its secret number between them; an empty range would stop every sign-in.
  { low: 'Security.CaptchaCounterMin', high: 'Security.CaptchaCounterMax', strict: true },
  { low: 'Password.MinLength', high: 'Password.StrongLength' },
  { low: 'Compaction.AmberMultiple', high: 'Compaction.GreenMultiple' },
  { low: 'Compaction.MinThicknessMm', high: 'Compaction.MaxThicknessMm' },
];

/** The other settings a save of `keys` must be checked against. */
export const partnersOf = (keys: readonly string[]): string[] =>
  pairs.flatMap(({ low, high }) =>
    keys.includes(low) ? [high] : keys.includes(high) ? [low] : [],
  );

/**
 * The pairs a save would turn upside down, named on the setting it changes. `valueOf` gives a
 * setting's value after the save (sent, else stored, else its default).
 */
export function pairErrors(
  changed: readonly string[],
  valueOf: (key: string) => unknown,
): FieldError[] {
  return pairs.flatMap(({ low, high, strict }) => {
    if (!changed.includes(low) && !changed.includes(high)) return [];
    const lowValue = valueOf(low);
    const highValue = valueOf(high);
    if (typeof lowValue !== 'number' || typeof highValue !== 'number') return [];
    if (strict ? lowValue < highValue : lowValue <= highValue) return [];
    const [field, other, otherValue, relation] = changed.includes(low)
      ? [low, high, highValue, strict ? 'less than' : 'at most']
      : [high, low, lowValue, strict ? 'more than' : 'at least'];
    return [
      {
        Field: field,
        Message: `must be ${relation} ${other} (${String(otherValue)})`,
      },
    ];
  });
}
