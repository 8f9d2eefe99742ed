/**
 * Waits until `ms` have passed since `started` (a `Date.now()`), so an answer that needed no
 * work takes as long as one that did and the time taken does not tell them apart.
 */
export async function answerNoSoonerThan(started: number, ms: number): Promise<void> {
  const left = ms - (Date.now() - started);
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
}
