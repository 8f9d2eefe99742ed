import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { GridPageSave } from '#metadata';
import { dialogs } from '#platform/ui';
import { pickUp as pickUpHandle, press } from '../support/keyboard-drag';
import { stackLayout } from '../support/stacked-layout';
import {
  itemsOf,
  openLoaded,
  preview,
  previewHeaders,
  saveButton,
  type User,
} from '../support/grid-page-designer';

afterEach(() => {
  // Unmounted first, the screens start no request once the fake server is gone.
  cleanup();
  vi.unstubAllGlobals();
  dialogs.closeAll();
});

const pickUp = (user: User, item: string) =>
  pickUpHandle(user, () => screen.getByRole('button', { name: `Move ${item}` }), item);

describe('columns, dragged with the keyboard', () => {
  it('moves a column step by step, each step announced, and saves the new order', async () => {
    onTestFinished(stackLayout());
    const { user, api } = await openLoaded(1001);
    await preview().findByText('SV-1');
    expect(itemsOf('Columns of the page')).toEqual([
      'column Reference',
      'column Visited',
      'column Loads',
    ]);

    await pickUp(user, 'column Reference');
    await press(user, '{ArrowDown}', 'Moving column Reference: position 2 of 3.');
    await press(user, '{ArrowDown}', 'Moving column Reference: position 3 of 3.');
    await press(user, ' ', 'Dropped column Reference at position 3 of 3.');

    expect(itemsOf('Columns of the page')).toEqual([
      'column Visited',
      'column Loads',
      'column Reference',
    ]);
    // The keyboard stays on the column moved, to move it again.
    expect(screen.getByRole('button', { name: 'Move column Reference' })).toHaveFocus();
    await waitFor(() =>
      expect(previewHeaders()).toEqual(['Visited', 'Loads', 'Reference', 'Actions']),
    );

    await user.click(saveButton());
    await waitFor(() => expect(api.to('/api/grids')).toHaveLength(1));
    const body = api.to('/api/grids')[0]?.body as GridPageSave;
    expect(body.Columns.map(({ Id, Field, Order }) => ({ Id, Field, Order }))).toEqual([
      { Id: 2, Field: 'Visited', Order: 1 },
      { Id: 3, Field: 'Loads', Order: 2 },
      { Id: 1, Field: 'Reference', Order: 3 },
    ]);
  });

  it('goes back up, says so when it is home again, and Escape leaves the column where it was', async () => {
    onTestFinished(stackLayout());
    const { user } = await openLoaded(1001);
    await pickUp(user, 'column Visited');
    await press(user, '{ArrowUp}', 'Moving column Visited: position 1 of 3.');
    await press(user, '{ArrowDown}', 'Moving column Visited: back where it was.');
    await press(user, '{ArrowDown}', 'Moving column Visited: position 3 of 3.');
    await press(user, '{Escape}', 'Moving column Visited was cancelled; it is back where it was.');
    expect(itemsOf('Columns of the page')).toEqual([
      'column Reference',
      'column Visited',
      'column Loads',
    ]);
  });
});

describe('buttons, dragged with the keyboard', () => {
  it('puts Delete before Edit on the rows, and the preview and the save follow', async () => {
    onTestFinished(stackLayout());
    const { user, api } = await openLoaded(1001);
    await preview().findByText('SV-1');
    await user.click(screen.getByRole('button', { name: 'Add a View button on each row' }));
    expect(itemsOf('Buttons on each row')).toEqual([
      'row button Edit',
      'row button Delete',
      'row button View',
    ]);

    await pickUp(user, 'row button Delete');
    await press(user, '{ArrowUp}', 'Moving row button Delete: position 1 of 3.');
    await press(user, ' ', 'Dropped row button Delete at position 1 of 3.');
    expect(itemsOf('Buttons on each row')).toEqual([
      'row button Delete',
      'row button Edit',
      'row button View',
    ]);
    const firstRow = await waitFor(() => {
      const row = preview().getAllByRole('row')[1]!;
      expect(row.querySelectorAll('button[aria-label]')).toHaveLength(3);
      return row;
    });
    expect(
      Array.from(firstRow.querySelectorAll('button[aria-label]')).map((button) =>
        button.getAttribute('aria-label'),
      ),
    ).toEqual(['Delete', 'Edit', 'View']);

    await user.click(saveButton());
    await waitFor(() => expect(api.to('/api/grids')).toHaveLength(1));
    const body = api.to('/api/grids')[0]?.body as GridPageSave;
    expect(body.RowActions).toEqual([
      { Id: 2, Title: 'GRID.ACTION.DELETE', Type: 'Delete', UrlToRedirect: null, Order: 1 },
      { Id: 1, Title: 'GRID.ACTION.EDIT', Type: 'Edit', UrlToRedirect: null, Order: 2 },
      { Id: 3, Title: 'GRID.ACTION.VIEW', Type: 'View', UrlToRedirect: null, Order: 3 },
    ]);
  });
});
