import { deepEquals, getUiOptions, type UiSchema } from '@rjsf/utils';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type FieldMessage, type FieldPath, fieldId, pathKey, valueAt } from './field-path';

/** Pause after the last change of a unique field before asking the server. */
export const uniqueCheckDelayMs = 300;

interface Options {
  paths: readonly FieldPath[];
  checkUnique: ((field: string, value: unknown) => Promise<boolean>) | undefined;
  /** The row as loaded: its own values are not checked again. */
  initialData: unknown;
  idPrefix: string;
  /** The message of a value in use, for the field at `path`. */
  message: (path: FieldPath) => string;
}

interface Check {
  value: unknown;
  result: Promise<boolean>;
}

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/**
 * Server checks of the fields marked `ui:options.unique`: debounced while typing, at once on
 * blur, and awaited before a submit. A failed call counts as not unique (fails closed).
 */
export function useUniqueCheck({ paths, checkUnique, initialData, idPrefix, message }: Options) {
  const [duplicates, setDuplicates] = useState<ReadonlyMap<string, FieldPath>>(new Map());
  const checks = useRef(new Map<string, Check>());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const mark = useCallback((path: FieldPath, duplicate: boolean) => {
    const key = pathKey(path);
    setDuplicates((current) => {
      if (current.has(key) === duplicate) return current;
      const next = new Map(current);
      if (duplicate) next.set(key, path);
      else next.delete(key);
      return next;
    });
  }, []);

  const check = useCallback(
    (path: FieldPath, value: unknown): Promise<boolean> => {
      const key = pathKey(path);
      clearTimeout(timers.current.get(key));
      const earlier = checks.current.get(key);
      if (earlier && deepEquals(earlier.value, value)) return earlier.result;
      if (!checkUnique || isBlank(value) || deepEquals(value, valueAt(initialData, path))) {
        checks.current.delete(key);
        mark(path, false);
        return Promise.resolve(true);
      }
      const result = Promise.resolve()
        .then(() => checkUnique(key, value))
        .then(
          (unique) => unique === true,
          () => false,
        );
      checks.current.set(key, { value, result });
      void result.then((unique) => {
        if (checks.current.get(key)?.result === result) mark(path, !unique);
      });
      return result;
    },
    [checkUnique, initialData, mark],
  );

  /** Forgets results of edited fields and schedules their check. */
  const dataChanged = useCallback(
    (before: unknown, after: unknown) => {
      for (const path of paths) {
        const value = valueAt(after, path);
        if (deepEquals(valueAt(before, path), value)) continue;
        const key = pathKey(path);
        checks.current.delete(key);
        mark(path, false);
        clearTimeout(timers.current.get(key));
        timers.current.set(
          key,
          setTimeout(() => void check(path, value), uniqueCheckDelayMs),
        );
      }
    },
    [paths, check, mark],
  );

  const blurred = useCallback(
    (id: string, value: unknown) => {
      const path = paths.find((candidate) => fieldId(idPrefix, candidate) === id);
      if (path) void check(path, value);
    },
    [paths, idPrefix, check],
  );

  /** Checks every unique field of `data`; resolves to the paths found not unique. */
  const confirm = useCallback(
    async (data: unknown): Promise<FieldPath[]> => {
      const results = await Promise.all(paths.map((path) => check(path, valueAt(data, path))));
      return paths.filter((_, index) => !results[index]);
    },
    [paths, check],
  );

  const messages = useMemo<FieldMessage[]>(
    () => [...duplicates.values()].map((path) => ({ path, message: message(path) })),
    [duplicates, message],
  );
  return { messages, dataChanged, blurred, confirm };
}

/** The fields whose uiSchema says `ui:options: { unique: true }`, through nested objects. */
export function uniqueFieldPaths(uiSchema: unknown, path: FieldPath = []): FieldPath[] {
  if (typeof uiSchema !== 'object' || uiSchema === null) return [];
  const found: FieldPath[] = [];
  for (const [key, node] of Object.entries(uiSchema)) {
    if (key.startsWith('ui:') || key === 'items' || typeof node !== 'object' || node === null) {
      continue;
    }
    if (getUiOptions(node as UiSchema).unique === true) found.push([...path, key]);
    found.push(...uniqueFieldPaths(node, [...path, key]));
  }
  return found;
}
