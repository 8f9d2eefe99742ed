import type { FunctionName } from './ast';
import type { ODataFieldType } from './model';

interface Signature {
  /** The types each argument may have. */
  args: readonly (readonly ODataFieldType[])[];
  returns: ODataFieldType;
}

const text = ['string'] as const;
const temporal = ['date', 'datetime'] as const;
const instant = ['datetime'] as const;

/**
 * The `$filter` functions and their types. `hour`, `minute` and `second` take a date and
 * time only: on a date they would always be 0, which is more likely a mistake than a wish.
 */
export const signatures: Readonly<Record<FunctionName, Signature>> = {
  contains: { args: [text, text], returns: 'boolean' },
  startswith: { args: [text, text], returns: 'boolean' },
  endswith: { args: [text, text], returns: 'boolean' },
  tolower: { args: [text], returns: 'string' },
  toupper: { args: [text], returns: 'string' },
  trim: { args: [text], returns: 'string' },
  length: { args: [text], returns: 'integer' },
  year: { args: [temporal], returns: 'integer' },
  month: { args: [temporal], returns: 'integer' },
  day: { args: [temporal], returns: 'integer' },
  hour: { args: [instant], returns: 'integer' },
  minute: { args: [instant], returns: 'integer' },
  second: { args: [instant], returns: 'integer' },
  date: { args: [instant], returns: 'date' },
  now: { args: [], returns: 'datetime' },
};
