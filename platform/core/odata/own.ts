/** `record[key]` when the record itself has the key: `constructor` is not a field. */
export function own<Value>(
  record: Readonly<Record<string, Value>>,
  key: string,
): Value | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
