import { cleanup, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { dialogs } from '#platform/ui';
import { announced, pickUp as pickUpHandle, press } from '../support/keyboard-drag';
import { stackLayout } from '../support/stacked-layout';
import { layout, openLoaded, saveButton, type User } from '../support/data-source-designer';

afterEach(() => {
  // Unmounted first, the screens start no request once the fake server is gone.
  cleanup();
  vi.unstubAllGlobals();
  dialogs.closeAll();
});

/** The controls directly in a list of the form layout, by the names their handles give. */
const controlsIn = (name: string) => {
  const list = layout().getByRole('list', { name });
  return Array.from(list.children).flatMap((item) => {
    const handle = within(item as HTMLElement).queryAllByRole('button', { name: /^Move / })[0];
    return handle ? [handle.getAttribute('aria-label')?.replace(/^Move /, '')] : [];
  });
};

const pickUp = (user: User, control: string) =>
  pickUpHandle(user, () => layout().getByRole('button', { name: `Move ${control}` }), control);

describe('the form layout, dragged with the keyboard', () => {
  it('moves a field control into a section step by step, each step announced', async () => {
    onTestFinished(stackLayout());
    const { user, api } = await openLoaded(7);
    await user.click(layout().getByRole('button', { name: 'Section' }));

    await pickUp(user, 'Reference');
    await press(user, '{ArrowDown}', 'Reference would go into the form, at position 2 of 4.');
    await press(user, '{ArrowDown}', 'Reference would go into the form, at position 3 of 4.');
    await press(
      user,
      '{ArrowDown}',
      'Reference would go into Section (no title), at position 1 of 1.',
    );
    await press(user, ' ', 'Reference was moved into Section (no title), at position 1 of 1.');

    expect(controlsIn('Controls of the form')).toEqual(['Notes', 'Photos', 'Section (no title)']);
    expect(controlsIn('Contents of Section (no title)')).toEqual(['Reference']);
    // The keyboard stays on the control moved, to move it again.
    expect(layout().getByRole('button', { name: 'Move Reference' })).toHaveFocus();
    await user.type(layout().getByRole('textbox', { name: 'Title of Section (no title)' }), 'Site');
    await user.click(saveButton());

    await waitFor(() => expect(api.to('/api/dataSources')).toHaveLength(1));
    expect(api.to('/api/dataSources')[0]?.body).toMatchObject({
      FormDefinition: {
        'ui:controls': [
          { Id: 'field-Notes', Type: 'field', Key: 'Notes' },
          {
            Id: 'array-Photos',
            Type: 'array',
            Key: 'Photos',
            Children: [{ Id: 'field-Photos.Caption', Type: 'field', Key: 'Photos.Caption' }],
          },
          {
            Id: 'section-1',
            Type: 'section',
            Title: 'Site',
            Children: [{ Id: 'field-Reference', Type: 'field', Key: 'Reference' }],
          },
        ],
      },
    });
  });

  it('goes back up and out of a section, and Escape leaves the control where it was', async () => {
    onTestFinished(stackLayout());
    const { user } = await openLoaded(7);
    await user.click(layout().getByRole('button', { name: 'Fieldset' }));
    await pickUp(user, 'Photos');
    await press(
      user,
      '{ArrowDown}',
      'Photos would go into Fieldset (no title), at position 1 of 1.',
    );
    await press(user, '{ArrowUp}', 'Photos is back where it was.');
    await press(user, '{ArrowUp}', 'Photos would go into the form, at position 2 of 4.');
    await press(user, '{Escape}', 'Moving Photos was cancelled; it is back where it was.');
    expect(controlsIn('Controls of the form')).toEqual([
      'Reference',
      'Notes',
      'Photos',
      'Fieldset (no title)',
    ]);
  });

  it('refuses a drop across key parents: array items stay in their array, others out of it', async () => {
    onTestFinished(stackLayout());
    const { user } = await openLoaded(7);
    await user.click(layout().getByRole('button', { name: 'Section' }));

    await pickUp(user, 'Caption');
    // Every place outside the array says so while the item is dragged.
    expect(layout().getAllByText('Cannot go here')).toHaveLength(2);
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
    expect(announced()).toBe('Picked up Caption.');
    await press(user, ' ', 'Caption was dropped where it was.');
    expect(controlsIn('Contents of Photos')).toEqual(['Caption']);

    await pickUp(user, 'Notes');
    expect(
      within(layout().getByRole('list', { name: 'Contents of Photos' })).getByText(
        'Cannot go here',
      ),
    ).toBeVisible();
    await press(user, '{ArrowDown}', 'Notes would go into the form, at position 3 of 4.');
    await press(user, '{ArrowDown}', 'Notes would go into Section (no title), at position 1 of 1.');
    await press(user, '{ArrowUp}', 'Notes would go into the form, at position 3 of 4.');
    await press(user, '{ArrowUp}', 'Notes is back where it was.');
    await press(user, '{ArrowUp}', 'Notes would go into the form, at position 1 of 4.');
    await press(user, ' ', 'Notes was moved into the form, at position 1 of 4.');
    expect(controlsIn('Controls of the form')).toEqual([
      'Notes',
      'Reference',
      'Photos',
      'Section (no title)',
    ]);
    expect(controlsIn('Contents of Photos')).toEqual(['Caption']);
  });
});
