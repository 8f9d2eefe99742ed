import { type Compilable, type CompiledQuery, createQueryId, type Kysely } from 'kysely';
import type { Database } from './schema';

/** Stands for the n-th value of a query compiled once; no value a caller passes is one. */
class Slot {
  constructor(readonly index: number) {}
}

/**
 * A query whose SQL is built and compiled once, on first use; each call binds its own values
 * to that statement. For the statements every request sends (the session lookup), where
 * building and compiling through Kysely costs more server time than the database takes.
 *
 * `build` gets stand-ins for the values and must pass each to Kysely as a value (a `where`
 * operand, a `set` value), never inspect it or shape the query by it: the query must have the
 * same SQL whatever the values are. Compiling checks that every stand-in became a parameter.
 *
 * @example
 * const findSession = compiledOnce((db, id: string) =>
 *   db.selectFrom('sessions').selectAll().where('id', '=', id));
 * const [session] = await findSession(db, sessionId);
 */
export function compiledOnce<Values extends unknown[], Row>(
  build: (db: Kysely<Database>, ...values: Values) => Compilable<Row>,
): (db: Kysely<Database>, ...values: Values) => Promise<Row[]> {
  let compiled: CompiledQuery<Row> | undefined;
  return async (db, ...values) => {
    if (!compiled) {
      const slots = values.map((_, index) => new Slot(index)) as unknown as Values;
      const candidate = build(db, ...slots).compile();
      const bound = new Set(
        candidate.parameters.filter((value) => value instanceof Slot).map((slot) => slot.index),
      );
      if (bound.size !== values.length) {
        throw new Error(
          `compiledOnce: ${values.length - bound.size} value(s) not bound as parameters`,
        );
      }
      compiled = candidate;
    }
    const parameters = compiled.parameters.map((value) =>
      value instanceof Slot ? values[value.index] : value,
    );
    const { rows } = await db.executeQuery<Row>({
      ...compiled,
      parameters,
      queryId: createQueryId(),
    });
    return rows;
  };
}
