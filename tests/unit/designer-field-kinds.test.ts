import { describe, expect, it } from 'vitest';
import {
  fieldKinds,
  kindOf,
  nameFromTitle,
  storedTypeOf,
} from '../../platform/ui/designers/data-source/field-kinds';

describe('field names made from titles', () => {
  it('joins the words of the title, each capitalised', () => {
    expect(nameFromTitle('Inspected on', [])).toBe('InspectedOn');
    expect(nameFromTitle('crew size (people)', [])).toBe('CrewSizePeople');
    expect(nameFromTitle('  Passed? ', [])).toBe('Passed');
  });

  it('drops accents and what no identifier holds, and starts with a letter', () => {
    expect(nameFromTitle('Façade état', [])).toBe('FacadeEtat');
    expect(nameFromTitle('2nd visit', [])).toBe('Field2ndVisit');
    expect(nameFromTitle('—', [])).toBe('Field');
  });

  it('is unique among the names beside it, ignoring case, and no system name or filter word', () => {
    expect(nameFromTitle('Inspected on', ['inspectedon'])).toBe('InspectedOn2');
    expect(nameFromTitle('Inspected on', ['InspectedOn', 'InspectedOn2'])).toBe('InspectedOn3');
    expect(nameFromTitle('Version', [])).toBe('VersionField');
    expect(nameFromTitle('created at', [])).toBe('CreatedAtField');
    expect(nameFromTitle('and', [])).toBe('AndField');
  });

  it('keeps within the 63 characters a name may have', () => {
    const name = nameFromTitle(
      'word '.repeat(40),
      Array.from({ length: 12 }, (_, i) =>
        i ? `${'Word'.repeat(15)}${i + 1}` : 'Word'.repeat(15),
      ),
    );
    expect(name.length).toBeLessThanOrEqual(63);
    expect(name).toMatch(/^[A-Za-z][A-Za-z0-9_]*$/);
  });
});

describe('field types in the user’s words', () => {
  it('maps each kind onto a stored type, the lookup onto none yet', () => {
    expect(fieldKinds.map((kind) => [kind, storedTypeOf(kind)])).toEqual([
      ['Text', 'String'],
      ['LongText', 'String'],
      ['WholeNumber', 'Integer'],
      ['Decimal', 'Number'],
      ['YesNo', 'Boolean'],
      ['Date', 'Date'],
      ['DateTime', 'DateTime'],
      ['Choice', 'Enum'],
      ['Lookup', null],
      ['Repeating', 'Array'],
      ['Group', 'Object'],
    ]);
  });

  it('reads a stored field back as its kind: a text in a multi-line box is a long text', () => {
    expect(kindOf('String')).toBe('Text');
    expect(kindOf('String', 'textarea')).toBe('LongText');
    expect(kindOf('String', 'password')).toBe('Text');
    expect(kindOf('Integer')).toBe('WholeNumber');
    expect(kindOf('Enum', 'radio')).toBe('Choice');
    expect(kindOf('DateTime')).toBe('DateTime');
  });
});
