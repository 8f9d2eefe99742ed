import {
  dereference,
  initialBaseURI,
  type Schema,
  validate,
  type ValidationResult,
} from '@cfworker/json-schema';
import { BoundedCache } from './bounded-cache';
import { withLinearPatterns } from './linear-patterns';
import { acceptsNoValue } from './no-value';

type Lookup = Record<string, Schema | boolean>;

/**
 * Draft 2019-09 rules, which is how ajv treats our draft-07 style schemas: keywords next to a
 * `$ref` are checked too (cfworker's draft 7 mode would skip them). `definitions`,
 * `dependencies` and array `items` work the same in both.
 */
const draft = '2019-09';

/** Where a part sits in its document's lookup; no real schema has this property. */
const partPointer = '/$rjsf-part';

const documentCapacity = 20;
const partCapacity = 200;

/** A schema ready to validate: a private copy (cfworker annotates it) and its `$ref` targets. */
export class CompiledSchema {
  constructor(
    readonly schema: Schema,
    readonly lookup: Lookup,
  ) {}

  /**
   * Validates JSON data. With `allErrors` every error is reported (ajv's option of that name);
   * without, the check may stop at the first invalid property, which is enough for a yes/no.
   */
  validate(data: unknown, allErrors: boolean): ValidationResult {
    return validate(data, this.schema, draft, this.lookup, !allErrors);
  }

  /** Whether no value at all (`undefined`) passes, as ajv decides it. */
  acceptsNoValue(): boolean {
    return acceptsNoValue(this.schema, this.lookup);
  }
}

interface Document {
  compiled: CompiledSchema;
  parts: BoundedCache<string, CompiledSchema>;
}

function compileDocument(text: string): Document {
  const schema = JSON.parse(text) as Schema;
  withLinearPatterns(schema);
  return {
    compiled: new CompiledSchema(schema, dereference(schema)),
    parts: new BoundedCache(partCapacity),
  };
}

/** A sub-schema placed inside its document, so that `#/definitions/...` resolves there. */
function compilePart(text: string, document: CompiledSchema): CompiledSchema {
  const schema = JSON.parse(text) as Schema;
  withLinearPatterns(schema);
  const lookup: Lookup = Object.assign(Object.create(null) as Lookup, document.lookup);
  const base = new URL(document.schema.__absolute_uri__ ?? initialBaseURI.href);
  dereference(schema, lookup, base, partPointer);
  return new CompiledSchema(schema, lookup);
}

/**
 * Compiled schemas by content (RJSF passes equal schemas as new objects), the least recently
 * used forgotten first; the JSON text of each schema object is remembered while it lives.
 */
export class SchemaCache {
  private texts = new WeakMap<object, string>();
  private readonly documents = new BoundedCache<string, Document>(documentCapacity);

  /** `schema` on its own: its `$ref`s point into itself. */
  document(schema: object): CompiledSchema {
    return this.documentOf(schema).compiled;
  }

  /** `schema`, a part of `root` (an option of a `oneOf`, say): its `$ref`s point into `root`. */
  part(schema: object, root: object): CompiledSchema {
    const document = this.documentOf(root);
    const text = this.textOf(schema);
    if (text === this.textOf(root)) return document.compiled;
    let part = document.parts.get(text);
    if (!part) {
      part = compilePart(text, document.compiled);
      document.parts.set(text, part);
    }
    return part;
  }

  clear(): void {
    this.texts = new WeakMap();
    this.documents.clear();
  }

  private documentOf(schema: object): Document {
    const text = this.textOf(schema);
    let document = this.documents.get(text);
    if (!document) {
      document = compileDocument(text);
      this.documents.set(text, document);
    }
    return document;
  }

  private textOf(schema: object): string {
    let text = this.texts.get(schema);
    if (text === undefined) {
      text = JSON.stringify(schema);
      if (typeof text !== 'string') throw new TypeError('A schema must be a JSON object.');
      this.texts.set(schema, text);
    }
    return text;
  }
}
