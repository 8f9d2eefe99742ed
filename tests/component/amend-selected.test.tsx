import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AmendRequest } from '#metadata';
import {
  AmendSelectedDialog,
  type AmendableDelivery,
} from '../../app/modules/deliveries/amend/amend-selected-dialog';
import { fakeApi } from '../support/fake-api';
import { renderWithProviders } from '../support/render';

const selected: AmendableDelivery[] = [
  {
    Id: 11,
    State: 'A',
    MinMixTemp: 130,
    MaxMixTemp: 180,
    CanAddEvotherm: true,
    SiteName: 'Leeds ring road',
    UniqueId1: 'ORD-11',
    OutputTemperature: 150,
    Thickness: 40,
    EvoThermAllowed: false,
  },
  {
    Id: 12,
    State: 'R',
    MinMixTemp: 140,
    MaxMixTemp: 170,
    CanAddEvotherm: false,
    SiteName: 'York bypass',
    UniqueId1: 'ORD-12',
    OutputTemperature: 145,
    Thickness: 30,
    EvoThermAllowed: false,
  },
];

const results = [
  { Id: 11, OldState: 'A', NewState: 'G', AvailableTimeForCompaction: 17, StateReason: null },
  { Id: 12, OldState: 'R', NewState: 'A', AvailableTimeForCompaction: 12.5, StateReason: null },
];

afterEach(() => vi.unstubAllGlobals());

function openDialog(canAmend: unknown) {
  const api = fakeApi({
    'POST /api/deliveries/CanAmendSelected': () => canAmend,
    'POST /api/deliveries/AmendSelected': () => results,
  });
  vi.stubGlobal('fetch', api.fetch);
  const onAmended = vi.fn();
  const dialogOf = (deliveries: AmendableDelivery[]) => (
    <AmendSelectedDialog opened deliveries={deliveries} onClose={() => {}} onAmended={onAmended} />
  );
  const { rerender } = renderWithProviders(dialogOf(selected));
  const dialog = screen.getByRole('dialog', { name: 'Amend selected deliveries' });
  /** The grid refreshing after the amend, which clears its selection. */
  const clearSelection = () => rerender(dialogOf([]));
  return { api, onAmended, dialog, clearSelection, user: userEvent.setup() };
}

const additive = (dialog: HTMLElement) =>
  within(dialog).getByRole('radiogroup', { name: 'Warm-mix additive allowed' });

describe('amend selected', () => {
  it('keeps the additive disabled unless CanAmendSelected answers true', async () => {
    const { api, dialog } = openDialog(false);

    await waitFor(() => expect(api.to('/api/deliveries/CanAmendSelected')).toHaveLength(1));
    expect(api.to('/api/deliveries/CanAmendSelected')[0]!.body).toMatchObject({
      DeliveriesIds: [11, 12],
    });
    expect(
      await within(dialog).findByText(
        'Not every selected delivery’s material takes the warm-mix additive.',
      ),
    ).toBeVisible();
    for (const option of within(additive(dialog)).getAllByRole('radio')) {
      expect(option).toBeDisabled();
    }
  });

  it('enables the additive when CanAmendSelected answers true', async () => {
    const { dialog, user } = openDialog(true);

    const allowed = within(additive(dialog)).getByRole('radio', { name: 'Allowed' });
    await waitFor(() => expect(allowed).toBeEnabled());
    await user.click(allowed);

    expect(allowed).toBeChecked();
  });

  it('snaps to the strictest range, amends and lists each delivery’s old and new state, kept when the grid refreshes', async () => {
    const { api, dialog, user, onAmended, clearSelection } = openDialog(false);
    const temperature = within(dialog).getByRole('textbox', { name: 'Output temperature (°C)' });
    const amend = within(dialog).getByRole('button', { name: 'Amend' });
    expect(amend).toBeDisabled();
    expect(temperature).toHaveAccessibleDescription(
      '140 to 170 °C, in steps of 5: the range every selected delivery’s material takes',
    );

    await user.type(temperature, '175');
    await user.tab();
    expect(temperature).toHaveValue('170');
    expect(temperature).toHaveAccessibleDescription(
      expect.stringContaining('above the material’s maximum of 170 °C'),
    );
    await user.click(amend);

    await within(dialog).findByRole('table', { name: '2 deliveries amended' });
    expect(onAmended).toHaveBeenCalledWith(results);
    clearSelection();
    const table = within(dialog).getByRole('table', { name: '2 deliveries amended' });
    expect(api.to('/api/deliveries/AmendSelected')[0]!.body as AmendRequest).toEqual({
      OutputTemp: 170,
      EvoTherm: null,
      Thickness: null,
      DeliveriesIds: [11, 12],
    });
    const first = within(table).getByRole('row', { name: /ORD-11/ });
    expect(within(first).getByRole('img', { name: 'AMBER' })).toBeVisible();
    expect(within(first).getByRole('img', { name: 'GREEN' })).toBeVisible();
    expect(within(first).getByText('17.0 min')).toBeVisible();
    const second = within(table).getByRole('row', { name: /ORD-12/ });
    expect(within(second).getByRole('img', { name: 'RED' })).toBeVisible();
    expect(within(second).getByRole('img', { name: 'AMBER' })).toBeVisible();
    expect(within(second).getByText('York bypass')).toBeVisible();
  });

  it('shows a refusal in the dialog and keeps the inputs', async () => {
    const { dialog, user } = openDialog(false);
    vi.stubGlobal(
      'fetch',
      fakeApi({
        'POST /api/deliveries/CanAmendSelected': () => false,
        'POST /api/deliveries/AmendSelected': () =>
          Response.json({ Message: 'DELIVERY.NOTMINE' }, { status: 403 }),
      }).fetch,
    );
    const thickness = within(dialog).getByRole('textbox', { name: 'Thickness (mm)' });

    await user.type(thickness, '50');
    await user.tab();
    await user.click(within(dialog).getByRole('button', { name: 'Amend' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This delivery is not one of your units’ deliveries',
    );
    expect(thickness).toHaveValue('50');
  });
});
