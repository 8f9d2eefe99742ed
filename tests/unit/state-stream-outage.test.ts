import { describe, expect, it } from 'vitest';
import type {
  DeliveryStateChange,
  DeliveryStateListener,
} from '../../server/modules/deliveries/state/events';
import { openStateStream } from '../../server/modules/deliveries/state/state-stream';

const terminated = () =>
  Object.assign(new Error('terminating connection due to administrator command'), {
    code: '57P01',
  });

function eventsOf() {
  const listeners = new Set<DeliveryStateListener>();
  return {
    publish: (changes: readonly DeliveryStateChange[]) => {
      for (const listener of listeners) listener(changes);
    },
    subscribe: (listener: DeliveryStateListener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const change = (Id: number, State: string): DeliveryStateChange => ({
  Id,
  State,
  AvailableTimeForCompaction: 12,
  UnitId: 1,
});

async function textUntil(read: () => string, done: (text: string) => boolean, ms = 5_000) {
  const until = Date.now() + ms;
  while (!done(read())) {
    if (Date.now() > until) throw new Error(`not in time: ${read()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * A state stream while the database is away: it can neither re-check its caller nor scope a
 * batch, yet it stays open and sends what it holds once the database answers again; a caller
 * who is refused still ends it.
 */
describe('a state stream while the database is away', () => {
  it('stays open, keeps its changes and sends them (latest per delivery) once the database is back', async () => {
    const events = eventsOf();
    let databaseUp = false;
    let scopeFails = true;
    const stream = openStateStream({
      events,
      allowed: async () => {
        if (!databaseUp) throw terminated();
        return true;
      },
      visible: async (changes) => {
        if (scopeFails) {
          scopeFails = false;
          throw Object.assign(new Error('Connection terminated unexpectedly'));
        }
        return changes;
      },
      gatherMs: 10,
      heartbeatMs: 50,
    });
    let text = '';
    stream.body.on('data', (chunk: Buffer) => (text += chunk.toString()));

    events.publish([change(1, 'G'), change(2, 'A')]);
    await textUntil(
      () => text,
      (t) => t.split(': ping').length > 2,
    );
    expect(stream.body.writableEnded).toBe(false);
    expect(text).not.toContain('event: states');

    events.publish([change(2, 'R')]);
    databaseUp = true;
    await textUntil(
      () => text,
      (t) => t.includes('event: states'),
    );
    const sent = text
      .split('\n\n')
      .filter((block) => block.startsWith('event: states'))
      .flatMap((block) => JSON.parse(block.split('data: ')[1]!) as { Id: number; State: string }[]);
    expect(sent.map(({ Id, State }) => ({ Id, State })).sort((a, b) => a.Id - b.Id)).toEqual([
      { Id: 1, State: 'G' },
      { Id: 2, State: 'R' },
    ]);
    expect(stream.body.writableEnded).toBe(false);
    stream.close();
  });

  it('still ends when the caller is refused, or the check fails for another reason', async () => {
    for (const allowed of [async () => false, async () => Promise.reject(new Error('a bug'))]) {
      const events = eventsOf();
      const stream = openStateStream({ events, allowed, gatherMs: 10, heartbeatMs: 1_000 });
      stream.body.resume();
      events.publish([change(1, 'G')]);
      await textUntil(
        () => String(stream.body.writableEnded),
        (ended) => ended === 'true',
      );
    }
  });
});
