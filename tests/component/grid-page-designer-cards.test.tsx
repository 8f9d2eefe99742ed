import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { GridPageSave } from '#metadata';
import { dialogs } from '#platform/ui';
import { pickUp as pickUpHandle, press } from '../support/keyboard-drag';
import { stackLayout } from '../support/stacked-layout';
import {
  itemsOf,
  openLoaded,
  pane,
  saveButton,
  type User,
  visitsPage,
} from '../support/grid-page-designer';

// The designer's "Card on phones": which columns a phone shows of each row, in what order,
// picked from the page's columns, reordered by keyboard like the other lists, saved with it.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  dialogs.closeAll();
});

const card = () => within(pane('Card on phones'));
const pickUp = (user: User, item: string) =>
  pickUpHandle(user, () => screen.getByRole('button', { name: `Move ${item}` }), item);

const savedBody = async (api: Awaited<ReturnType<typeof openLoaded>>['api']) => {
  await waitFor(() => expect(api.to('/api/grids')).toHaveLength(1));
  return api.to('/api/grids')[0]?.body as GridPageSave;
};

describe('the card on phones', () => {
  it('picks columns for the card, moves one by keyboard and saves them in order', async () => {
    onTestFinished(stackLayout());
    const { user, api } = await openLoaded(1001);
    expect(card().getByText(/phones show the table/)).toBeVisible();
    await user.click(card().getByRole('button', { name: 'Add Reference to the card' }));
    await user.click(card().getByRole('button', { name: 'Add Loads to the card' }));
    expect(itemsOf('Columns on the card')).toEqual(['card field Reference', 'card field Loads']);
    expect(card().queryByRole('button', { name: 'Add Reference to the card' })).toBeNull();

    await pickUp(user, 'card field Loads');
    await press(user, '{ArrowUp}', 'Moving card field Loads: position 1 of 2.');
    await press(user, ' ', 'Dropped card field Loads at position 1 of 2.');
    expect(itemsOf('Columns on the card')).toEqual(['card field Loads', 'card field Reference']);

    await user.click(saveButton());
    expect((await savedBody(api)).CardFields).toEqual(['Loads', 'Reference']);
  });

  it("shows a page's card, and a field taken off it leaves the save", async () => {
    const { user, api } = await openLoaded(1001, {
      'GET /api/grids/1001': () => visitsPage({ CardFields: ['Visited', 'Reference'] }),
    });
    expect(itemsOf('Columns on the card')).toEqual(['card field Visited', 'card field Reference']);
    await user.click(card().getByRole('button', { name: 'Remove Visited from the card' }));
    expect(itemsOf('Columns on the card')).toEqual(['card field Reference']);
    await user.click(saveButton());
    expect((await savedBody(api)).CardFields).toEqual(['Reference']);
  });

  it('sends no card for a page that never had one', async () => {
    const { user, api } = await openLoaded(1001);
    await user.click(screen.getByRole('button', { name: 'Remove column Loads' }));
    await user.click(saveButton());
    expect(await savedBody(api)).not.toHaveProperty('CardFields');
  });
});
