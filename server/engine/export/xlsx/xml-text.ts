/** What a text may hold that needs work before it goes into XML (fast check for the common case). */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const needsWork = /[&<>"\r\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff\ufffe\uffff]|_x/;

/**
 * Characters XML 1.0 does not allow anywhere, not even as a reference: control characters
 * other than tab, line feed and carriage return, U+FFFE, U+FFFF and surrogates left unpaired.
 */
const illegal =
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const entities: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  // A raw carriage return would be read back as a line feed (XML's end-of-line handling).
  '\r': '&#13;',
};

/**
 * A text as XML character data or an attribute value: `&<>"` and carriage returns escaped,
 * characters XML cannot carry dropped, and `_x0041_`-like runs kept literal (Excel reads
 * `_xHHHH_` in a cell's text as an escaped character, so its underscore is escaped itself).
 *
 * @example xmlText('a < b & "c"\u0007') // 'a &lt; b &amp; &quot;c&quot;'
 */
export function xmlText(text: string): string {
  if (!needsWork.test(text)) return text;
  return text
    .replace(illegal, '')
    .replace(/[&<>"\r]/g, (character) => entities[character] ?? character)
    .replace(/_(?=x[0-9a-fA-F]{4}_)/g, '_x005F_');
}
