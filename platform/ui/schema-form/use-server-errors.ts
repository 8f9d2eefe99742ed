import { deepEquals } from '@rjsf/utils';
import { useCallback, useMemo, useState } from 'react';
import { type FieldMessage, parseFieldPath, pathKey, valueAt } from './field-path';
import type { ServerFieldError } from './schema-form-types';

interface State {
  source: readonly ServerFieldError[] | null | undefined;
  failure: readonly ServerFieldError[];
  /** Paths the user edited since the errors came. */
  cleared: ReadonlySet<string>;
}

const toMessages = (errors: readonly ServerFieldError[]): FieldMessage[] =>
  errors.map(({ Field, Message }) => ({ path: parseFieldPath(Field), message: Message }));

/**
 * The server's field errors, from the `serverErrors` prop and from the last `SaveFailure`,
 * less those on fields edited since they came.
 */
export function useServerErrors(serverErrors: readonly ServerFieldError[] | null | undefined) {
  const [state, setState] = useState<State>({
    source: serverErrors,
    failure: [],
    cleared: new Set(),
  });
  if (state.source !== serverErrors) {
    setState({ source: serverErrors, failure: state.failure, cleared: new Set() });
  }

  const messages = useMemo(
    () =>
      toMessages([...(serverErrors ?? []), ...state.failure]).filter(
        ({ path }) => !state.cleared.has(pathKey(path)),
      ),
    [serverErrors, state],
  );

  /** Clears the errors of every field whose value differs between `before` and `after`. */
  const dataChanged = useCallback((before: unknown, after: unknown) => {
    setState((current) => {
      const edited = toMessages([...(current.source ?? []), ...current.failure])
        .map(({ path }) => path)
        .filter((path) => !current.cleared.has(pathKey(path)))
        .filter((path) => !deepEquals(valueAt(before, path), valueAt(after, path)));
      if (edited.length === 0) return current;
      return { ...current, cleared: new Set([...current.cleared, ...edited.map(pathKey)]) };
    });
  }, []);

  const showFailure = useCallback((failure: readonly ServerFieldError[]) => {
    setState((current) => ({ ...current, failure, cleared: new Set() }));
  }, []);

  return { messages, dataChanged, showFailure };
}
