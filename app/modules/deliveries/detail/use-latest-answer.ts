import { useCallback, useEffect, useState } from 'react';

export interface LatestAnswer<Body, Answer> {
  /** The last answer that arrived for the latest body it was asked about, kept while a newer loads. */
  answer: Answer | null;
  /** The body that answer is for. */
  answerFor: Body | null;
  /** Whether the answer on screen is not (yet) for the current body. */
  pending: boolean;
  /** Why the current body could not be answered, if it could not. */
  failure: unknown;
  retry: () => void;
}

interface Outcome<Body, Answer> {
  key: string;
  body: Body;
  answer?: Answer;
  failure?: unknown;
}

/**
 * Asks `ask` about `body` once it has rested `delayMs`; null asks nothing. A newer body aborts
 * the request before it, and an answer that still arrives for an older body is ignored, so a
 * late answer never replaces a newer one.
 */
export function useLatestAnswer<Body, Answer>(
  body: Body | null,
  ask: (body: Body, signal: AbortSignal) => Promise<Answer>,
  delayMs: number,
): LatestAnswer<Body, Answer> {
  const [good, setGood] = useState<Outcome<Body, Answer> | null>(null);
  const [last, setLast] = useState<Outcome<Body, Answer> | null>(null);
  const [attempt, setAttempt] = useState(0);
  const json = body === null ? null : JSON.stringify(body);
  const key = json === null ? null : `${attempt}:${json}`;

  useEffect(() => {
    if (json === null || key === null) return;
    const controller = new AbortController();
    const sent = JSON.parse(json) as Body;
    const timer = setTimeout(() => {
      ask(sent, controller.signal).then(
        (answer) => {
          if (controller.signal.aborted) return;
          const outcome = { key, body: sent, answer };
          setGood(outcome);
          setLast(outcome);
        },
        (failure: unknown) => {
          if (!controller.signal.aborted) setLast({ key, body: sent, failure });
        },
      );
    }, delayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [json, key, ask, delayMs]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  const answered = key !== null && last?.key === key;
  return {
    answer: good?.answer ?? null,
    answerFor: good?.body ?? null,
    pending: key !== null && !answered,
    failure: answered ? last.failure : undefined,
    retry,
  };
}
