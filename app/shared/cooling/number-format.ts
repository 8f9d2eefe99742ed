/** A number with at most one decimal, as the user's language writes it ('fake' is no locale). */
export function formatTenths(value: number, language: string): string {
  const options = { maximumFractionDigits: 1 };
  try {
    return new Intl.NumberFormat(language, options).format(value);
  } catch {
    return new Intl.NumberFormat('en-GB', options).format(value);
  }
}
