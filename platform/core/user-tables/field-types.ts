import {
  type ColumnType,
  fieldNamePattern,
  maxFieldDepth,
  systemFieldNames,
  type UserFieldSchema,
  type UserFieldType,
  type UserTableSchema,
} from '#metadata';
import { type PatternRefusalCode, patternRefusal } from '../patterns/linear-pattern';

/**
 * The field tree of a data source as the designer shows it (one node per field, with the
 * spec's attributes) and as it is stored (a JSON Schema): both directions, and the rules a
 * tree must keep, shared by the designer and the server.
 */
export interface DesignField {
  /** The column's id (top-level fields that are saved); null for a field not yet saved. */
  FieldId: number | null;
  Name: string;
  Title: string;
  Type: UserFieldType;
  Required: boolean;
  /** The default as the designer edits it: text, converted to the field's type on save. */
  Default: string;
  Pattern: string;
  Min: number | null;
  Max: number | null;
  PK: boolean;
  Unique: boolean;
  /** Enum values separated by semicolons. */
  EnumValues: string;
  /** Fields of an Object, or of an Array's items (an Array without them holds texts). */
  Children: DesignField[];
}

export function emptyDesignField(Name = '', Type: UserFieldType = 'String'): DesignField {
  return {
    FieldId: null,
    Name,
    Title: '',
    Type,
    Required: false,
    Default: '',
    Pattern: '',
    Min: null,
    Max: null,
    PK: false,
    Unique: false,
    EnumValues: '',
    Children: [],
  };
}

/** The designer's type of a stored field. */
export function fieldTypeOf(schema: UserFieldSchema): UserFieldType {
  switch (schema.type) {
    case 'string':
      if (schema.format === 'date') return 'Date';
      if (schema.format === 'date-time') return 'DateTime';
      return schema.enum ? 'Enum' : 'String';
    case 'integer':
      return 'Integer';
    case 'number':
      return 'Number';
    case 'boolean':
      return 'Boolean';
    case 'array':
      return 'Array';
    default:
      return 'Object';
  }
}

/** The grid column type that shows a field of this type (null: no column shows it). */
export function columnTypeOf(type: UserFieldType): ColumnType | null {
  const types: Record<UserFieldType, ColumnType | null> = {
    String: 'string',
    Enum: 'string',
    Integer: 'integer',
    Number: 'number',
    Boolean: 'boolean',
    Date: 'date',
    DateTime: 'datetime',
    Array: null,
    Object: null,
  };
  return types[type];
}

/** Types with a single value per row that a column can hold, sort and index. */
export const isScalarType = (type: UserFieldType) => type !== 'Array' && type !== 'Object';
/** Types a key (the PK field) or a unique constraint may have. */
export const isKeyType = (type: UserFieldType) => isScalarType(type) && type !== 'Boolean';
/** Types with Min and Max (a number's value, a text's length, an array's items). */
export const hasBounds = (type: UserFieldType) =>
  type === 'Integer' || type === 'Number' || type === 'String' || type === 'Array';

export const enumValuesOf = (text: string) =>
  text
    .split(';')
    .map((value) => value.trim())
    .filter((value) => value !== '');

function minMaxOf(schema: UserFieldSchema): [number | null, number | null] {
  const pick = (...values: (number | undefined)[]) => values.find((v) => v !== undefined) ?? null;
  return [
    pick(schema.minimum, schema.minLength, schema.minItems),
    pick(schema.maximum, schema.maxLength, schema.maxItems),
  ];
}

function defaultText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function childSchemas(schema: UserFieldSchema) {
  const holder = schema.type === 'array' ? schema.items : schema;
  return {
    properties: holder?.type === 'object' ? (holder.properties ?? {}) : {},
    required: holder?.type === 'object' ? (holder.required ?? []) : [],
  };
}

function nodesOf(
  properties: Record<string, UserFieldSchema>,
  required: readonly string[],
  primaryKey: string | null,
): DesignField[] {
  return Object.entries(properties).map(([Name, schema]) => {
    const [Min, Max] = minMaxOf(schema);
    const children = childSchemas(schema);
    return {
      FieldId: schema['x-field-id'] ?? null,
      Name,
      Title: schema.title ?? '',
      Type: fieldTypeOf(schema),
      Required: required.includes(Name) || Name === primaryKey,
      Default: defaultText(schema.default),
      Pattern: schema.pattern ?? '',
      Min,
      Max,
      PK: Name === primaryKey,
      Unique: schema['x-unique'] === true,
      EnumValues: (schema.enum ?? []).join(';'),
      Children: nodesOf(children.properties, children.required, null),
    };
  });
}

/** The designer's field tree of a stored schema. */
export function fieldTreeOf(schema: UserTableSchema, primaryKey: string | null): DesignField[] {
  return nodesOf(schema.properties ?? {}, schema.required ?? [], primaryKey || null);
}

/** The default as stored: the designer's text converted to the field's type (or left out). */
export function defaultValueOf(node: DesignField): unknown {
  const text = node.Default.trim();
  if (text === '') return undefined;
  switch (node.Type) {
    case 'Integer':
    case 'Number': {
      const value = Number(text);
      return Number.isFinite(value) ? value : node.Default;
    }
    case 'Boolean':
      return text === 'true' ? true : text === 'false' ? false : node.Default;
    case 'Array':
    case 'Object':
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return node.Default;
      }
    default:
      return node.Default;
  }
}

function boundsOf(node: DesignField): Partial<UserFieldSchema> {
  const bounds: Partial<UserFieldSchema> = {};
  const set = (min: keyof UserFieldSchema, max: keyof UserFieldSchema) => {
    if (node.Min !== null) Object.assign(bounds, { [min]: node.Min });
    if (node.Max !== null) Object.assign(bounds, { [max]: node.Max });
  };
  if (node.Type === 'Integer' || node.Type === 'Number') set('minimum', 'maximum');
  if (node.Type === 'String') set('minLength', 'maxLength');
  if (node.Type === 'Array') set('minItems', 'maxItems');
  return bounds;
}

function objectOf(nodes: readonly DesignField[]): Pick<UserFieldSchema, 'properties' | 'required'> {
  const required = nodes.filter((node) => node.Required).map((node) => node.Name);
  return {
    properties: Object.fromEntries(nodes.map((node) => [node.Name, fieldSchemaOf(node, false)])),
    ...(required.length > 0 ? { required } : {}),
  };
}

/** The stored schema of one field node (`topLevel`: it keeps its column id and uniqueness). */
export function fieldSchemaOf(node: DesignField, topLevel: boolean): UserFieldSchema {
  const typed: Record<UserFieldType, UserFieldSchema> = {
    String: { type: 'string' },
    Enum: { type: 'string', enum: enumValuesOf(node.EnumValues) },
    Integer: { type: 'integer' },
    Number: { type: 'number' },
    Boolean: { type: 'boolean' },
    Date: { type: 'string', format: 'date' },
    DateTime: { type: 'string', format: 'date-time' },
    Array: {
      type: 'array',
      items:
        node.Children.length > 0
          ? { type: 'object', ...objectOf(node.Children) }
          : { type: 'string' },
    },
    Object: { type: 'object', ...objectOf(node.Children) },
  };
  const schema: UserFieldSchema = { ...typed[node.Type] };
  if (node.Title.trim()) schema.title = node.Title.trim();
  const fallback = defaultValueOf(node);
  if (fallback !== undefined) schema.default = fallback;
  if (node.Pattern && (node.Type === 'String' || node.Type === 'Enum'))
    schema.pattern = node.Pattern;
  Object.assign(schema, boundsOf(node));
  if (topLevel && node.FieldId !== null) schema['x-field-id'] = node.FieldId;
  if (topLevel && node.Unique && !node.PK && isKeyType(node.Type)) schema['x-unique'] = true;
  return schema;
}

/** The stored schema of a field tree, and its key field ('' when the system Id is the key). */
export function schemaOfFieldTree(
  nodes: readonly DesignField[],
  title?: string,
): { schema: UserTableSchema; primaryKey: string } {
  const key = nodes.find((node) => node.PK);
  const required = nodes.filter((node) => node.Required || node.PK).map((node) => node.Name);
  return {
    schema: {
      type: 'object',
      ...(title ? { title } : {}),
      properties: Object.fromEntries(nodes.map((node) => [node.Name, fieldSchemaOf(node, true)])),
      ...(required.length > 0 ? { required } : {}),
    },
    primaryKey: key?.Name ?? '',
  };
}

/** What a problem is about, for a designer to translate it (`DESIGNER.PROBLEM.{Code}`). */
export type FieldProblemCode =
  | 'NAME_REQUIRED'
  | 'NAME_PATTERN'
  | 'NAME_TAKEN'
  | 'NAME_SYSTEM'
  | 'NAME_FILTER_WORD'
  | 'KEY_NESTED'
  | 'KEY_TYPE'
  | 'UNIQUE_TYPE'
  | 'ENUM_EMPTY'
  | 'ENUM_TWICE'
  | 'PATTERN_INVALID'
  | 'PATTERN_BACKREFERENCE'
  | 'PATTERN_LOOKAROUND'
  | 'PATTERN_TOO_LARGE'
  | 'PATTERN_UNSUPPORTED'
  | 'BOUNDS_NOT_ALLOWED'
  | 'MIN_ABOVE_MAX'
  | 'BOUNDS_COUNT'
  | 'BOUNDS_INTEGER'
  | 'CHILDREN_NOT_ALLOWED'
  | 'TOO_DEEP'
  | 'DEFAULT_NUMBER'
  | 'DEFAULT_INTEGER'
  | 'DEFAULT_BOOLEAN'
  | 'DEFAULT_ENUM'
  | 'ONE_KEY'
  | 'TOO_MANY';

export interface FieldProblem {
  /** The field's path (`Photos.Caption`), '' for the tree as a whole. */
  Path: string;
  Code: FieldProblemCode;
  /** The attribute of the field at fault, when one is. */
  Attribute: keyof DesignField | null;
  /** In English, as the server answers it. */
  Message: string;
  /** What a translation of the message names (`construct`: the part of a pattern at fault). */
  Params?: Record<string, string>;
}

const namePattern = new RegExp(fieldNamePattern);
const reserved = new Set(systemFieldNames.map((name) => name.toLowerCase()));
/** Words a `$filter` reads as its own: a field so named could not be filtered on. */
export const filterWords: ReadonlySet<string> = new Set(
  'and or not eq ne gt ge lt le has in add sub mul div mod true false null any all'.split(' '),
);

const patternCodes: Record<PatternRefusalCode, FieldProblemCode> = {
  INVALID: 'PATTERN_INVALID',
  BACKREFERENCE: 'PATTERN_BACKREFERENCE',
  LOOKAROUND: 'PATTERN_LOOKAROUND',
  TOO_LARGE: 'PATTERN_TOO_LARGE',
  UNSUPPORTED: 'PATTERN_UNSUPPORTED',
};

function nodeProblems(node: DesignField, path: string, depth: number): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const add = (
    Code: FieldProblemCode,
    Attribute: keyof DesignField | null,
    Message: string,
    Params?: Record<string, string>,
  ) => problems.push({ Path: path, Code, Attribute, Message, ...(Params ? { Params } : {}) });
  if (node.Type === 'Enum') {
    const values = enumValuesOf(node.EnumValues);
    if (values.length === 0) {
      add(
        'ENUM_EMPTY',
        'EnumValues',
        'needs at least one value (values are separated by semicolons)',
      );
    }
    if (new Set(values).size !== values.length)
      add('ENUM_TWICE', 'EnumValues', 'has the same value twice');
  }
  if (node.Pattern && (node.Type === 'String' || node.Type === 'Enum')) {
    // Rows are checked by RE2 (linear time): what it cannot run is refused here, by name.
    const refusal = patternRefusal(node.Pattern);
    if (refusal) {
      add(patternCodes[refusal.code], 'Pattern', refusal.message, {
        construct: refusal.construct,
      });
    }
  }
  if ((node.Min !== null || node.Max !== null) && !hasBounds(node.Type)) {
    add('BOUNDS_NOT_ALLOWED', 'Min', `cannot have Min or Max as ${node.Type}`);
  }
  if (node.Min !== null && node.Max !== null && node.Min > node.Max) {
    add('MIN_ABOVE_MAX', 'Max', 'has Min above Max');
  }
  const lengths = node.Type === 'String' || node.Type === 'Array';
  if (lengths && [node.Min, node.Max].some((v) => v !== null && (!Number.isInteger(v) || v < 0))) {
    add('BOUNDS_COUNT', 'Min', 'needs Min and Max as whole numbers from 0');
  }
  if (
    node.Type === 'Integer' &&
    [node.Min, node.Max].some((v) => v !== null && !Number.isInteger(v))
  ) {
    add('BOUNDS_INTEGER', 'Min', 'needs Min and Max as whole numbers');
  }
  if (node.PK && !isKeyType(node.Type)) add('KEY_TYPE', 'PK', `cannot be the key as ${node.Type}`);
  if (node.Unique && !isKeyType(node.Type)) {
    add('UNIQUE_TYPE', 'Unique', `cannot be unique as ${node.Type}`);
  }
  const holdsChildren = node.Type === 'Array' || node.Type === 'Object';
  if (!holdsChildren && node.Children.length > 0) {
    add('CHILDREN_NOT_ALLOWED', 'Type', `cannot hold fields as ${node.Type}`);
  }
  if (holdsChildren && depth >= maxFieldDepth && node.Children.length > 0) {
    add('TOO_DEEP', null, `nests deeper than ${maxFieldDepth} levels`);
  }
  if (node.Default.trim() !== '') {
    const value = defaultValueOf(node);
    const numeric = node.Type === 'Integer' || node.Type === 'Number';
    if (numeric && typeof value !== 'number') {
      add('DEFAULT_NUMBER', 'Default', 'has a default that is not a number');
    }
    if (node.Type === 'Integer' && typeof value === 'number' && !Number.isInteger(value)) {
      add('DEFAULT_INTEGER', 'Default', 'has a default that is not a whole number');
    }
    if (node.Type === 'Boolean' && typeof value !== 'boolean') {
      add('DEFAULT_BOOLEAN', 'Default', 'has a default other than true or false');
    }
    if (node.Type === 'Enum' && !enumValuesOf(node.EnumValues).includes(node.Default.trim())) {
      add('DEFAULT_ENUM', 'Default', 'has a default that is not one of its values');
    }
  }
  problems.push(...siblingProblems(node.Children, path, depth + 1, false));
  return problems;
}

function siblingProblems(
  nodes: readonly DesignField[],
  parent: string,
  depth: number,
  topLevel: boolean,
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const seen = new Set<string>();
  for (const node of nodes) {
    const path = parent ? `${parent}.${node.Name}` : node.Name;
    const add = (Code: FieldProblemCode, Attribute: keyof DesignField, Message: string) =>
      problems.push({ Path: path, Code, Attribute, Message });
    const name = node.Name.trim();
    if (name === '') {
      add('NAME_REQUIRED', 'Name', 'needs a name');
      continue;
    }
    if (!namePattern.test(name)) {
      add('NAME_PATTERN', 'Name', 'must start with a letter and hold only letters, digits and _');
    }
    const folded = name.toLowerCase();
    if (seen.has(folded)) add('NAME_TAKEN', 'Name', 'is the name of another field here');
    seen.add(folded);
    if (topLevel && reserved.has(folded))
      add('NAME_SYSTEM', 'Name', 'is the name of a system field');
    if (filterWords.has(folded))
      add('NAME_FILTER_WORD', 'Name', 'is a word of the filter language');
    if (!topLevel && (node.PK || node.Unique)) {
      add('KEY_NESTED', 'PK', 'can be the key or unique only at the top level');
    }
    problems.push(...nodeProblems(node, path, depth));
  }
  return problems;
}

function countNodes(nodes: readonly DesignField[]): number {
  return nodes.reduce((sum, node) => sum + 1 + countNodes(node.Children), 0);
}

/**
 * What is wrong with a field tree (empty when nothing is): names non-empty, valid and unique
 * among siblings, no system name at the top, one key field at most, of a key type, types and
 * attributes that go together, defaults of the field's type, no deeper nesting than allowed.
 */
export function fieldTreeProblems(
  nodes: readonly DesignField[],
  maxFields: number,
): FieldProblem[] {
  const problems = siblingProblems(nodes, '', 1, true);
  if (nodes.filter((node) => node.PK).length > 1) {
    problems.push({
      Path: '',
      Code: 'ONE_KEY',
      Attribute: null,
      Message: 'Only one field can be the key.',
    });
  }
  if (countNodes(nodes) > maxFields) {
    problems.push({
      Path: '',
      Code: 'TOO_MANY',
      Attribute: null,
      Message: `A data source holds ${maxFields} fields at most.`,
    });
  }
  return problems;
}
