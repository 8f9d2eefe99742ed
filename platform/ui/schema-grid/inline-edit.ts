/**
 * What a grid needs to edit simple fields in their cells (`SchemaGrid`'s `inlineEdit`). Which
 * fields are edited, and how, comes from the page's JSON Schema (`cellEditorOf`); the app
 * checks a value and saves it.
 *
 * @example
 * const inlineEdit: InlineEditing<Unit> = {
 *   validate: (field, value) => (field === 'Code' && !value ? 'Enter the code.' : null),
 *   save: async (row, field, value) => saveUnit({ ...row, [field]: value }),
 * };
 * <SchemaGrid page={unitsPage} inlineEdit={inlineEdit} ... />
 */
export interface InlineEditing<Row> {
  /** Whether this field of this row may be edited (default: every field the schema allows). */
  editable?(field: string, row: Row): boolean;
  /** Why the value cannot be saved (translated), or null when it may be. */
  validate(field: string, value: unknown, row: Row): string | null;
  /**
   * Saves the row with the field's new value and answers the row as it is now, which the grid
   * shows in place. A refusal to show on the cell is a `CellSaveError`.
   */
  save(row: Row, field: string, value: unknown): Promise<Row>;
}

/**
 * A save the cell shows: its message (translated) and, when the row was read again (someone
 * else changed it), the row as it is now; then the editor closes on the fresh value, else it
 * stays open with the user's value.
 */
export class CellSaveError<Row = unknown> extends Error {
  override readonly name = 'CellSaveError';

  constructor(
    message: string,
    readonly reloaded: Row | null = null,
  ) {
    super(message);
  }
}
