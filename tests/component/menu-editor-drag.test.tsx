import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { dialogs } from '#platform/ui';
import { itemsIn, openUnlocked, savesOf, tree, type User } from '../support/menu-editor';
import { announced, pickUp as pickUpHandle, press } from '../support/keyboard-drag';
import { stackLayout } from '../support/stacked-layout';

afterEach(() => {
  // Unmounted first, the screen starts no request once the fake server is gone.
  cleanup();
  vi.unstubAllGlobals();
  dialogs.closeAll();
});

const pickUp = (user: User, item: string) =>
  pickUpHandle(user, () => tree().getByRole('button', { name: `Move ${item}` }), item);

describe('the menu tree, dragged with the keyboard', () => {
  it('reorders and takes an item out to the top level, step by step, each step announced', async () => {
    onTestFinished(stackLayout());
    const { user, api } = await openUnlocked();

    await pickUp(user, 'Roles');
    await press(user, '{ArrowUp}', 'Roles would go into Users, at position 1 of 1.');
    await press(user, '{ArrowUp}', 'Roles would go into Administration, at position 1 of 3.');
    await press(user, '{ArrowDown}', 'Roles would go into Users, at position 1 of 1.');
    await press(user, '{ArrowDown}', 'Roles is back where it was.');
    await press(user, '{ArrowDown}', 'Roles would go into Schedule, at position 1 of 1.');
    await press(user, '{ArrowDown}', 'Roles would go into Administration, at position 3 of 3.');
    await press(user, '{ArrowDown}', 'Roles would go to the top level, at position 3 of 4.');
    await press(user, ' ', 'Roles was moved to the top level, at position 3 of 4.');

    expect(itemsIn('Items at the top level')).toEqual([
      'Deliveries',
      'Administration',
      'Roles',
      'Help',
    ]);
    expect(itemsIn('Items inside Administration')).toEqual(['Users', 'Schedule']);
    expect(screen.getByText('Changed')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(savesOf(api)).toHaveLength(1));
    const sent = savesOf(api)[0]!.body.MenuItems;
    expect(
      sent.filter((item) => item.ParentId === null).map((item) => [item.Name, item.Order]),
    ).toEqual([
      ['Deliveries', 1],
      ['Administration', 2],
      ['Roles', 3],
      ['Help', 4],
    ]);
    // Administration's list kept its order: its Orders stay as they were.
    expect(
      sent.filter((item) => item.ParentId === 100).map((item) => [item.Name, item.Order]),
    ).toEqual([
      ['Users', 1],
      ['Schedule', 60],
    ]);
  });

  it('nests an item under another and takes another out of its parent', async () => {
    onTestFinished(stackLayout());
    const { user } = await openUnlocked();

    await pickUp(user, 'Deliveries');
    await press(
      user,
      '{ArrowDown}',
      'Deliveries would go into Administration, at position 1 of 4.',
    );
    await press(user, '{ArrowDown}', 'Deliveries would go into Users, at position 1 of 1.');
    await press(user, ' ', 'Deliveries was moved into Users, at position 1 of 1.');
    expect(itemsIn('Items inside Users')).toEqual(['Deliveries']);

    await pickUp(user, 'Report a problem');
    await press(
      user,
      '{ArrowDown}',
      'Report a problem would go to the top level, at position 3 of 3.',
    );
    await press(user, ' ', 'Report a problem was moved to the top level, at position 3 of 3.');
    expect(itemsIn('Items at the top level')).toEqual([
      'Administration',
      'Help',
      'Report a problem',
    ]);
  });

  it('never nests deeper than three levels, nor into itself, and Escape leaves it in place', async () => {
    onTestFinished(stackLayout());
    const { user } = await openUnlocked();
    await pickUp(user, 'Deliveries');
    await press(
      user,
      '{ArrowDown}',
      'Deliveries would go into Administration, at position 1 of 4.',
    );
    await press(user, '{ArrowDown}', 'Deliveries would go into Users, at position 1 of 1.');
    await press(user, ' ', 'Deliveries was moved into Users, at position 1 of 1.');

    // Administration now holds three levels: it may move at the top level only.
    await pickUp(user, 'Administration');
    expect(tree().getAllByText('Cannot go here').length).toBeGreaterThan(0);
    await press(
      user,
      '{ArrowDown}',
      'Administration would go to the top level, at position 2 of 2.',
    );
    await user.keyboard('{ArrowDown}');
    expect(announced()).toBe('Administration would go to the top level, at position 2 of 2.');
    await press(user, '{ArrowUp}', 'Administration is back where it was.');
    await press(user, '{Escape}', 'Moving Administration was cancelled; it is back where it was.');
    expect(itemsIn('Items at the top level')).toEqual(['Administration', 'Help']);
    expect(itemsIn('Items inside Users')).toEqual(['Deliveries']);
  });
});
