import { format } from '@cfworker/json-schema';

/** ajv-formats' `full` e-mail check, which the server applies to the same schemas. */
const email =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

/**
 * Makes the `format` keyword judge as the server does. cfworker's formats match ajv-formats'
 * `full` mode for `date`, `date-time` and `time`, but its `email` also takes `a@localhost`,
 * quoted names and IP literals, which the server refuses; without this the form would let
 * such an address through and the save would come back with a field error. cfworker reads
 * its exported `format` table on every check, so replacing the entry is how a format is
 * customised; nothing else in the app uses cfworker.
 */
export function alignFormatsWithServer(): void {
  format.email = (value) => email.test(value);
}
