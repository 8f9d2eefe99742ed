import type { CompactionInput, CompactionResult } from '#metadata';
import { http } from '#platform/ui';

export const compactionPath = '/api/compaction/calculate';

/** Time available for compaction and the cooling curve of one lift; errors come back to the card. */
export function calculateCompaction(
  input: CompactionInput,
  signal: AbortSignal,
): Promise<CompactionResult> {
  return http.post<CompactionResult>(compactionPath, {
    body: input,
    signal,
    errorHandling: 'none',
  });
}
