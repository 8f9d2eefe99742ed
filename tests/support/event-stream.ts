export interface StreamEvent {
  event: string | null;
  data: string | null;
}

/** Reads a text/event-stream as it arrives, as an EventSource would, without one. */
export function eventReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let ended = false;
  const events = (): StreamEvent[] =>
    text
      .split('\n\n')
      .slice(0, -1)
      .map((block) => {
        const lines = block.split('\n');
        const field = (name: string) =>
          lines.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2) ?? null;
        return { event: field('event'), data: field('data') };
      });
  /** Reads until `done` holds of the text so far, or the stream ends (then false). */
  async function until(done: (text: string) => boolean, timeoutMs = 10_000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!done(text)) {
      if (ended) return false;
      const timeout = new Promise<'timeout'>((resolve) =>
        setTimeout(() => resolve('timeout'), Math.max(0, deadline - Date.now())),
      );
      const chunk = await Promise.race([reader.read(), timeout]);
      if (chunk === 'timeout') throw new Error(`no more on the stream; so far: ${text}`);
      if (chunk.done) ended = true;
      else text += decoder.decode(chunk.value, { stream: true });
    }
    return true;
  }
  const states = () =>
    events()
      .filter((e) => e.event === 'states')
      .flatMap((e) => JSON.parse(e.data ?? '[]') as unknown[]);
  return {
    until,
    states,
    get text() {
      return text;
    },
    /** True once the server ended the stream. */
    ended: async () => (await until(() => false)) === false,
    cancel: () => reader.cancel().catch(() => undefined),
  };
}
