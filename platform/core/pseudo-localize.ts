/**
 * Pseudo-localisation for the `fake` language: every letter swapped for an accented look-alike
 * and the text bracketed, so untranslated or clipped strings stand out. Placeholders such as
 * `{{name}}` and HTML tags are kept intact.
 *
 * @example pseudoLocalize('Save') // '[Šàvé]'
 */
export interface PseudoLocalizeOptions {
  /** Pads the text by about 40 %, as German or Finnish often are. */
  longer?: boolean;
  /** Doubles the text with a separator, as compound-word languages can. */
  compound?: boolean;
}

const accents: Record<string, string> = {
  a: 'à',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'î',
  j: 'ĵ',
  k: 'ķ',
  l: 'ļ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ö',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'û',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'À',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Î',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ļ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ö',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Û',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};

const untouched = /(\{\{[^}]*\}\}|\{[^}]*\}|<[^>]*>|&[a-z]+;)/g;

function accent(text: string): string {
  return text
    .split(untouched)
    .map((part, index) => (index % 2 === 1 ? part : [...part].map((c) => accents[c] ?? c).join('')))
    .join('');
}

export function pseudoLocalize(text: string, options: PseudoLocalizeOptions = {}): string {
  let result = accent(text);
  if (options.compound) result = `${result}·${result}`;
  if (options.longer) {
    const padding = Math.max(1, Math.round(text.length * 0.4));
    result = `${result} ${'~'.repeat(padding)}`;
  }
  return `[${result}]`;
}
