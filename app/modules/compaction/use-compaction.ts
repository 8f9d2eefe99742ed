import { useCallback, useEffect, useState } from 'react';
import type { CompactionInput, CompactionResult } from '#metadata';
import { readCalculationFailure, type CalculationFailure } from './calculation-failure';
import { calculateCompaction } from '../../shared/cooling/compaction-api';

/** How long the inputs must rest before a calculation is asked for, e.g. while dragging. */
export const recalculateDelayMs = 150;

interface Answer {
  /** The request the answer belongs to (its body as JSON, and the attempt). */
  for: string;
  failure: CalculationFailure | null;
}

/** A result with the inputs it answers. */
interface Answered {
  input: CompactionInput;
  result: CompactionResult;
}

export interface Calculation {
  /** The last good result, kept on screen while a new one loads or after a failure. */
  result: CompactionResult | null;
  /** The inputs of that result. */
  resultInput: CompactionInput | null;
  /** Whether the result shown is not (yet) for the current inputs. */
  pending: boolean;
  /** Why the current inputs could not be calculated, if they could not. */
  failure: CalculationFailure | null;
  retry: () => void;
}

/**
 * Calculates the inputs once they rest for `recalculateDelayMs`. A newer input aborts the
 * request before it, and an answer arriving for an older input is ignored.
 */
export function useCompaction(input: CompactionInput | null): Calculation {
  const [good, setGood] = useState<Answered | null>(null);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [attempt, setAttempt] = useState(0);
  const body = input === null ? null : JSON.stringify(input);
  const request = body === null ? null : `${attempt}:${body}`;

  useEffect(() => {
    if (body === null || request === null) return;
    const controller = new AbortController();
    const current = () => !controller.signal.aborted;
    const timer = setTimeout(() => {
      const sent = JSON.parse(body) as CompactionInput;
      calculateCompaction(sent, controller.signal).then(
        (result) => {
          if (!current()) return;
          setGood({ input: sent, result });
          setAnswer({ for: request, failure: null });
        },
        (error: unknown) => {
          if (current()) setAnswer({ for: request, failure: readCalculationFailure(error) });
        },
      );
    }, recalculateDelayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [body, request]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  const answered = request !== null && answer?.for === request;
  return {
    result: good?.result ?? null,
    resultInput: good?.input ?? null,
    pending: request !== null && !answered,
    failure: answered ? answer.failure : null,
    retry,
  };
}
