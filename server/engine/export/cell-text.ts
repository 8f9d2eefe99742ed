/** What a spreadsheet may take as the start of a formula (or a DDE call) in a typed text. */
const formulaStart = /^[=+\-@\t\r]/;

/**
 * Text from data as a spreadsheet cell may safely hold it: a text that a spreadsheet would
 * read as a formula (`=HYPERLINK(...)`, `+cmd|...`, `@SUM(...)`) gets a leading `'`, so it is
 * shown, never run, even after the file is saved as CSV and opened again (OWASP's advice
 * on CSV injection).
 *
 * @example safeCellText('=1+1') // "'=1+1"
 */
export function safeCellText(text: string): string {
  return formulaStart.test(text) ? `'${text}` : text;
}
