type Row = Record<string, unknown>;

/**
 * A delivery as every call answers it: its instants (StartTime0, StateComputedAt...) as ISO
 * text, as the model computed them or the driver read them, so lists, reads, saves and the
 * what-if answer agree. DeliveryDate is read as `YYYY-MM-DD` text already (db/connect.ts).
 */
export function deliveryAnswer(row: Row): Row {
  const answer: Row = {};
  for (const field in row) {
    const value = row[field];
    answer[field] = value instanceof Date ? value.toISOString() : value;
  }
  return answer;
}
