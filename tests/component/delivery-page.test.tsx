import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CompactionInput } from '#metadata';
import { resetDialogs, useNavigationHistory, useSession } from '#platform/ui';
import type { WhatIfRequest } from '../../app/modules/deliveries/detail/delivery-api';
import { amberDelivery, calculated, computedState, whatIf } from '../support/delivery-page-api';
import { fakeApi, held } from '../support/fake-api';
import { aSignedInUser } from '../support/fixtures';
import { openAppAt } from '../support/open-app';
import { shellHandlers } from '../support/signed-in-shell';
import { sizeCharts } from '../support/size-charts';

const paths = {
  get: '/api/Deliveries/GetDeliveryById/5',
  whatIf: '/api/Deliveries/SetNewState',
  save: '/api/Deliveries/SaveDelivery',
  suggest: '/api/Deliveries/SuggestChanges',
};

let delivery: Record<string, unknown>;
let answerWhatIf: (body: WhatIfRequest) => unknown;
let answerSave: (body: unknown) => unknown;
let answerSuggest: (body: WhatIfRequest) => unknown;
let api: ReturnType<typeof fakeApi>;

beforeEach(() => {
  sizeCharts();
  useNavigationHistory.setState({ current: null, previous: null });
  delivery = { ...amberDelivery };
  answerWhatIf = (body) => whatIf(body, delivery);
  answerSave = (body) => body;
  answerSuggest = () => new Response(null, { status: 404 });
  api = fakeApi({
    [`GET ${paths.get}`]: () => delivery,
    [`POST ${paths.whatIf}`]: (body) => answerWhatIf(body as WhatIfRequest),
    [`POST ${paths.save}`]: (body) => answerSave(body),
    [`POST ${paths.suggest}`]: (body) => answerSuggest(body as WhatIfRequest),
    'POST /api/compaction/calculate': (body) => calculated(body as CompactionInput),
    ...shellHandlers,
  });
  vi.stubGlobal('fetch', api.fetch);
  useSession.setState({
    user: aSignedInUser(),
    permissions: ['ViewDeliveries', 'AmendDeliveries'],
    authenticated: true,
    loaded: true,
  });
});
afterEach(() => {
  resetDialogs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const asked = () => api.to(paths.whatIf).map((request) => request.body as WhatIfRequest);
const temperature = () => screen.getByRole('textbox', { name: 'Output temperature (°C)' });
const panel = () => screen.getByRole('region', { name: 'State and inputs' });
const state = (name: RegExp) => within(panel()).findByRole('img', { name });

async function openDelivery(id = 5) {
  const router = openAppAt(`/delivery/${id}`);
  await screen.findByRole('heading', {
    level: 1,
    name: id > 0 ? 'Delivery ORD-5' : 'Blank delivery',
  });
  return { router, user: userEvent.setup() };
}

async function setTemperature(user: ReturnType<typeof userEvent.setup>, value: string) {
  await user.clear(temperature());
  await user.type(temperature(), `${value}{Enter}`);
}

describe('delivery page', () => {
  it('shows the state by its long name with its reason, and the minutes', async () => {
    await openDelivery();

    expect(await state(/^AMBER: 15\.0 min available, 8 min needed: tight$/)).toBeVisible();
    expect(within(panel()).getByText('15.0 min')).toBeVisible();
    expect(within(panel()).getByText('8 min needed')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Full forecast for Leeds' })).toHaveAttribute(
      'href',
      '/weather?siteId=12',
    );
    const curve = screen.getByRole('heading', { name: 'Cooling curve' }).parentElement!;
    expect(await within(curve).findByText('64.4 °C, after 19.0 min')).toBeVisible();
    expect(within(curve).getByText('120 °C, after 3 min')).toBeVisible();
    expect(within(curve).getByText('79.4 °C, after 15.0 min')).toBeVisible();
    expect(curve.querySelectorAll('.recharts-line-curve')).toHaveLength(2);
  });

  it('posts SetNewState for an adjustment and shows the new state, announced', async () => {
    const { user } = await openDelivery();
    await waitFor(() => expect(asked()).toHaveLength(1));

    await setTemperature(user, '165');

    await waitFor(() =>
      expect(asked().at(-1)).toEqual({
        Id: 5,
        OutputTemperature: 165,
        Thickness: 40,
        EvoThermAllowed: false,
      }),
    );
    expect(await state(/^GREEN: 16\.5 min available/)).toBeVisible();
    expect(within(panel()).getByText('16.5 min')).toBeVisible();
    expect(screen.getByText(/^State GREEN\./)).toHaveAttribute('aria-live', 'polite');
  });

  it('never lets a late answer overwrite a newer one', async () => {
    const slow = held<unknown>();
    answerWhatIf = (body) =>
      body.OutputTemperature === 165 ? slow.promise : whatIf(body, delivery);
    const { user } = await openDelivery();
    await state(/^AMBER/);

    await setTemperature(user, '165');
    await waitFor(() => expect(asked().at(-1)?.OutputTemperature).toBe(165));
    await setTemperature(user, '170');
    expect(await state(/^GREEN: 17\.0 min available/)).toBeVisible();

    slow.release(whatIf({ ...asked().at(-1)!, OutputTemperature: 165 }, delivery));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(panel()).getByText('17.0 min')).toBeVisible();
    expect(within(panel()).queryByText('16.5 min')).toBeNull();
  });

  it('leaves without saving when Apply finds nothing changed', async () => {
    const { router, user } = await openDelivery();

    await user.click(screen.getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.to(paths.save)).toHaveLength(0);
  });

  it('saves the delivery with the new inputs and its version on Apply, then leaves', async () => {
    const { router, user } = await openDelivery();

    await setTemperature(user, '165');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.to(paths.save).map((request) => request.body)).toEqual([
      expect.objectContaining({ Id: 5, OutputTemperature: 165, Thickness: 40, Version: 3 }),
    ]);
  });

  it('asks before Cancel throws changes away', async () => {
    const { router, user } = await openDelivery();
    await setTemperature(user, '165');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    let dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    expect(
      within(dialog).getByText('Leave the delivery without saving your changes?'),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/delivery/5');
    expect(temperature()).toHaveValue('165');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    await user.click(within(dialog).getByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.to(paths.save)).toHaveLength(0);
  });

  it('opens another unit’s delivery read-only with the NOTMINE message', async () => {
    delivery = { ...amberDelivery, Mine: 0 };
    await openDelivery();

    expect(
      screen.getByText(
        'This delivery is not one of your units’ deliveries: you can view it but not change it.',
      ),
    ).toBeVisible();
    expect(temperature()).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'Thickness (mm)' })).toHaveAttribute('readonly');
    expect(screen.getByRole('switch', { name: 'Warm-mix additive allowed' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Back' })).toBeVisible();
  });

  it('says someone else changed it on a 409 and reloads it on request', async () => {
    answerSave = () =>
      Response.json({ Message: 'The delivery was changed by someone else.' }, { status: 409 });
    const { user } = await openDelivery();
    await setTemperature(user, '165');

    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Changed by someone else' });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    delivery = { ...amberDelivery, ...computedState(155, 40), OutputTemperature: 155, Version: 4 };
    await user.click(within(dialog).getByRole('button', { name: 'Reload' }));

    await waitFor(() => expect(temperature()).toHaveValue('155'));
    expect(api.to(paths.get)).toHaveLength(2);
  });

  it('shows the ExceptionMessage of a failed save in one error dialog', async () => {
    answerSave = () =>
      Response.json(
        {
          Message: 'An error has occurred.',
          ExceptionMessage: 'The server could not complete the request (reference req-9).',
        },
        { status: 500 },
      );
    const { router, user } = await openDelivery();
    await setTemperature(user, '165');

    await user.click(screen.getByRole('button', { name: 'Apply' }));

    const dialog = await screen.findByRole('dialog', { name: 'Not saved' });
    expect(
      within(dialog).getByText('The server could not complete the request (reference req-9).'),
    ).toBeVisible();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/delivery/5');
  });

  it('marks the input a refused save names, with its translated message', async () => {
    answerSave = () =>
      Response.json(
        {
          Message: 'The output temperature is above the material’s maximum of 180 °C.',
          Errors: [{ Field: 'OutputTemperature', Message: 'DELIVERY.TEMPERATURE_ABOVE_MAX' }],
        },
        { status: 400 },
      );
    const { user } = await openDelivery();
    await setTemperature(user, '165');

    await user.click(screen.getByRole('button', { name: 'Apply' }));

    const message = 'The output temperature is above the material’s maximum of 180 °C.';
    const dialog = await screen.findByRole('dialog', { name: 'Not saved' });
    expect(within(dialog).getByText(message)).toBeVisible();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(temperature()).toHaveAttribute('aria-invalid', 'true');
    expect(temperature()).toHaveAccessibleDescription(expect.stringContaining(message));
  });

  it('puts an applied suggestion into the inputs and asks for its state', async () => {
    answerSuggest = (body) => ({
      State: 'A',
      Suggestions: [
        {
          ...whatIf({ ...body, OutputTemperature: 165 }),
          Kind: 'OutputTemperature',
          StartTime0: null,
        },
        {
          ...whatIf({ ...body, OutputTemperature: 165 }),
          ...body,
          Kind: 'StartTime',
          StartTime0: '2026-03-02T14:00:00.000Z',
        },
      ],
    });
    const { user } = await openDelivery();

    const suggestions = await screen.findByRole('region', { name: 'What would make it workable?' });
    await within(suggestions).findByText(/Raise the output temperature to 165 °C/);
    expect(within(suggestions).getByText(/^At .+ the forecast gives/)).toBeVisible();
    expect(within(suggestions).getAllByRole('button', { name: 'Apply suggestion' })).toHaveLength(
      1,
    );
    expect(asked().every((body) => body.OutputTemperature === 150)).toBe(true);

    await user.click(within(suggestions).getByRole('button', { name: 'Apply suggestion' }));

    expect(temperature()).toHaveValue('165');
    await waitFor(() => expect(asked().at(-1)?.OutputTemperature).toBe(165));
    expect(await state(/^GREEN/)).toBeVisible();
    expect(api.to(paths.save)).toHaveLength(0);
  });

  it('says quietly when suggestions are not available', async () => {
    await openDelivery();

    expect(await screen.findByText('Suggestions are not available at the moment.')).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('gives a blank form for id 0, computing nothing', async () => {
    delivery = { Id: 0 };
    api = fakeApi({ 'GET /api/Deliveries/GetDeliveryById/0': () => delivery, ...shellHandlers });
    vi.stubGlobal('fetch', api.fetch);
    const { router, user } = await openDelivery(0);

    expect(temperature()).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.to(paths.whatIf)).toHaveLength(0);
  });
});
