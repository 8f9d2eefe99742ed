import type { FunctionName, ScalarType } from './ast';

interface Signature {
  /** The types each argument may have. */
  args: readonly (readonly ScalarType[])[];
  /** How many arguments must be given, when the last ones may be left out. */
  required?: number;
  /** The result's type; `argument` for the type of the first argument. */
  returns: ScalarType | 'argument';
}

const text = ['string'] as const;
const whole = ['integer'] as const;
const numeric = ['integer', 'number'] as const;
const temporal = ['date', 'datetime'] as const;
const instant = ['datetime'] as const;

/**
 * The `$filter` functions and their types. `hour`, `minute`, `second`, `date` and `time` take
 * a date and time only: on a date they would always be 0, which is more likely a mistake than
 * a wish. Positions in text (`indexof`, `substring`) count from 0, as OData's do.
 */
export const signatures: Readonly<Record<FunctionName, Signature>> = {
  contains: { args: [text, text], returns: 'boolean' },
  startswith: { args: [text, text], returns: 'boolean' },
  endswith: { args: [text, text], returns: 'boolean' },
  indexof: { args: [text, text], returns: 'integer' },
  substring: { args: [text, whole, whole], required: 2, returns: 'string' },
  concat: { args: [text, text], returns: 'string' },
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
  time: { args: [instant], returns: 'time' },
  now: { args: [], returns: 'datetime' },
  round: { args: [numeric], returns: 'argument' },
  floor: { args: [numeric], returns: 'argument' },
  ceiling: { args: [numeric], returns: 'argument' },
};
