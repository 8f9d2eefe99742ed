import { systemFieldNames, type UserFieldType } from '#metadata';
import { filterWords } from '#platform/core';

/**
 * The field types as a user names them. Each is a stored type (`UserFieldType`), some with the
 * widget their form control asks for: "Long text" is a Text shown in a multi-line box.
 * "Lookup to another table" has no stored type yet: it is offered, disabled, so that no one
 * looks for it elsewhere.
 */
export const fieldKinds = [
  'Text',
  'LongText',
  'WholeNumber',
  'Decimal',
  'YesNo',
  'Date',
  'DateTime',
  'Choice',
  'Lookup',
  'Repeating',
  'Group',
] as const;
export type FieldKind = (typeof fieldKinds)[number];

const stored: Record<FieldKind, UserFieldType | null> = {
  Text: 'String',
  LongText: 'String',
  WholeNumber: 'Integer',
  Decimal: 'Number',
  YesNo: 'Boolean',
  Date: 'Date',
  DateTime: 'DateTime',
  Choice: 'Enum',
  Lookup: null,
  Repeating: 'Array',
  Group: 'Object',
};

/** The stored type of a kind (null: not available yet). */
export const storedTypeOf = (kind: FieldKind) => stored[kind];

/** Whether the kind shows its field in a multi-line box. */
export const isMultiline = (kind: FieldKind) => kind === 'LongText';

/** The kind of a field: its stored type, and for a text the widget its control asks for. */
export function kindOf(type: UserFieldType, widget?: string): FieldKind {
  if (type === 'String') return widget === 'textarea' ? 'LongText' : 'Text';
  return (Object.keys(stored) as FieldKind[]).find((kind) => stored[kind] === type) ?? 'Text';
}

const reserved = new Set([...systemFieldNames, ...filterWords].map((name) => name.toLowerCase()));

/**
 * The name a field gets from its title: its words joined, each capitalised ("Inspected on" ->
 * `InspectedOn`), letters without accents, digits and nothing else; starting with a letter,
 * at most 63 characters, not a system name nor a filter word, and unique among `taken`
 * (compared ignoring case) by a number after it.
 */
export function nameFromTitle(title: string, taken: readonly string[]): string {
  const words = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  let base = words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
  if (base === '') base = 'Field';
  if (!/^[A-Za-z]/.test(base)) base = `Field${base}`;
  base = base.slice(0, 60);
  if (reserved.has(base.toLowerCase())) base = `${base}Field`.slice(0, 60);
  const used = new Set(taken.map((name) => name.toLowerCase()));
  if (!used.has(base.toLowerCase())) return base;
  let number = 2;
  while (used.has(`${base}${number}`.toLowerCase())) number += 1;
  return `${base}${number}`;
}
