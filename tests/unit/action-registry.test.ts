import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Action, ActionRegistry } from '../../platform/ui/engine/actions/action-registry';

interface Counter {
  count: number;
}

const action = (id: string, extra: Partial<Action<Counter>> = {}): Action<Counter> => ({
  id,
  surface: 'grid',
  where: 'toolbar',
  label: id,
  perform: (context) => {
    context.count += 1;
  },
  ...extra,
});

afterEach(() => vi.restoreAllMocks());

describe('action registry', () => {
  it('finds an action by its id and runs it with the context it is given', () => {
    const registry = new ActionRegistry().register(action('count'));
    const context = { count: 0 };
    void registry.get<Counter>('count')?.perform(context);
    expect(context.count).toBe(1);
  });

  it('warns when another action takes a registered id, and keeps the later one', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const later = action('count', { label: 'Later' });
    const registry = new ActionRegistry().register(action('count')).register(later);
    expect(warn).toHaveBeenCalledWith('Action "count" replaces an earlier action of the same id.');
    expect(registry.get('count')).toBe(later);
  });

  it('registers the same action twice without a word (a module registered again)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const once = action('count');
    new ActionRegistry().register(once).register(once);
    expect(warn).not.toHaveBeenCalled();
  });

  it('answers undefined, with a warning, for an id nobody registered', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(new ActionRegistry().get('Approve')).toBeUndefined();
    expect(warn).toHaveBeenCalledWith('No action is registered as "Approve".');
  });

  it('lists a surface’s actions at a place in registration order, both places counting for either', () => {
    const registry = new ActionRegistry().registerAll([
      action('new'),
      action('delete', { where: 'row' }),
      action('print', { where: 'both' }),
      action('save', { surface: 'designer' }),
    ]);
    const ids = (place: 'toolbar' | 'row') => registry.list('grid', place).map((a) => a.id);
    expect(ids('toolbar')).toEqual(['new', 'print']);
    expect(ids('row')).toEqual(['delete', 'print']);
  });
});
