import type { CompactionResult } from '#metadata';

/** Whether the lift was still above the start-rolling temperature when the run ended. */
export function rollingNotReached(result: CompactionResult): boolean {
  return !result.ReachedStop && result.StartRollingMinutes >= result.AvailableTimeForCompaction;
}
