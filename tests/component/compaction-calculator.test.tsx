import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ShellLayout } from '../../app/shell/shell-layout';
import { type CompactionInput, type CompactionResult } from '#metadata';
import { fakeApi, held } from '../support/fake-api';
import { openAppAt } from '../support/open-app';
import { shellHandlers, signInAsStaff } from '../support/signed-in-shell';
import { sizeCharts } from '../support/size-charts';

const path = '/api/compaction/calculate';

/** A stand-in for the model: a third of the thickness in minutes, ten more with the additive. */
function fakeResult(input: CompactionInput): CompactionResult {
  const minutes = input.ThicknessMm / 3 + (input.WarmMixAdditive ? 10 : 0);
  const stop = (input.StopTemperature ?? 79.4) - (input.WarmMixAdditive ? 15 : 0);
  return {
    AvailableTimeForCompaction: Math.round(minutes * 10) / 10,
    ReachedStop: true,
    StartRollingMinutes: 2,
    StartRollingTemperature: 120,
    StopTemperature: stop,
    LayingTemperature: input.LayingTemperature,
    Curve: Array.from({ length: Math.ceil(minutes) + 3 }, (_, Minute) => ({
      Minute,
      MeanTemperature: input.LayingTemperature - Minute * 3,
      SurfaceTemperature: input.LayingTemperature - Minute * 3.5,
    })),
    ModelVersion: 'fake-1',
  };
}

const tooThin = () =>
  Response.json(
    {
      Message: 'Invalid request: ThicknessMm must be 10 or more',
      Errors: [{ Field: 'ThicknessMm', Message: 'must be 10 or more' }],
    },
    { status: 400 },
  );

let answer: (input: CompactionInput) => unknown;
let api: ReturnType<typeof fakeApi>;

beforeEach(() => {
  sizeCharts();
  answer = fakeResult;
  api = fakeApi({
    [`POST ${path}`]: (body) => answer(body as CompactionInput),
    ...shellHandlers,
  });
  vi.stubGlobal('fetch', api.fetch);
  signInAsStaff();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const sent = () => api.to(path).map((request) => request.body as CompactionInput);
const scenario = (name: 'A' | 'B') => screen.getByRole('region', { name: `Scenario ${name}` });
const thickness = (name: 'A' | 'B') =>
  within(scenario(name)).getByRole('textbox', { name: 'Thickness (mm)' });

async function openCalculator() {
  openAppAt('/compaction/calculator');
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Compaction calculator' }),
  ).toBeVisible();
  await within(scenario('A')).findByText('15 min');
  await within(scenario('B')).findByText('25 min');
  return userEvent.setup();
}

async function typeThickness(user: ReturnType<typeof userEvent.setup>, value: string) {
  await user.clear(thickness('A'));
  await user.type(thickness('A'), value);
}

describe('compaction calculator', () => {
  it('is in the main menu for any signed-in user', async () => {
    openAppAt('/', { layout: ShellLayout });
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    await userEvent
      .setup()
      .click(await within(menu).findByRole('link', { name: 'Compaction calculator' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Compaction calculator' }),
    ).toBeVisible();
  });

  it('calculates both scenarios, B with the warm-mix additive, and lists them by the chart', async () => {
    await openCalculator();

    expect(sent()).toEqual([
      {
        ThicknessMm: 45,
        LayingTemperature: 140,
        AirTemperature: 8,
        WindSpeedKmh: 12,
        CloudCoverPercent: 50,
        MixType: 'dense',
        BaseType: 'asphalt',
        BaseWet: false,
        WarmMixAdditive: false,
      },
      expect.objectContaining({ ThicknessMm: 45, WarmMixAdditive: true }),
    ]);
    expect(within(scenario('A')).getByText('available for compaction')).toBeVisible();
    expect(within(scenario('A')).getByText('Stop rolling at 79.4 °C')).toBeVisible();
    expect(
      within(scenario('B')).getByText('Stop rolling at 64.4 °C, lowered for the additive'),
    ).toBeVisible();
    expect(within(scenario('B')).getByRole('switch', { name: 'Warm-mix additive' })).toBeChecked();

    const chart = screen.getByRole('region', { name: 'Cooling curves of scenarios A and B' });
    const table = within(chart).getByRole('table', {
      name: 'Time available for compaction by scenario',
    });
    expect(within(table).getByRole('row', { name: /^A 15 min 2 min 79.4\s°C$/ })).toBeVisible();
    expect(within(table).getByRole('row', { name: /^B 25 min 2 min 64.4\s°C$/ })).toBeVisible();
    expect(chart.querySelectorAll('.recharts-line-curve')).toHaveLength(4);
    for (const label of ['A 15 min', 'B 25 min', 'Stop A 79.4 °C', 'Stop B 64.4 °C']) {
      expect(within(chart).getByText(label)).toBeInTheDocument();
    }
  });

  it('recalculates once the typing rests, with the new thickness', async () => {
    const user = await openCalculator();

    await typeThickness(user, '60');

    expect(await within(scenario('A')).findByText('20 min')).toBeVisible();
    expect(sent().at(-1)).toMatchObject({ ThicknessMm: 60, WarmMixAdditive: false });
    expect(sent().map((input) => input.ThicknessMm)).not.toContain(6);
    expect(within(scenario('A')).getByRole('slider', { name: 'Thickness (mm)' })).toHaveAttribute(
      'aria-valuenow',
      '60',
    );
    expect(within(scenario('B')).getByText('25 min')).toBeVisible();
  });

  it('moves the thickness with the slider', async () => {
    const user = await openCalculator();
    const slider = within(scenario('A')).getByRole('slider', { name: 'Thickness (mm)' });

    slider.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');

    expect(thickness('A')).toHaveValue('48');
    expect(await within(scenario('A')).findByText('16 min')).toBeVisible();
  });

  it('shows the server’s message at the field it names and keeps the last result', async () => {
    answer = (input) => (input.ThicknessMm < 10 ? tooThin() : fakeResult(input));
    const user = await openCalculator();

    await typeThickness(user, '5');

    await waitFor(() => expect(thickness('A')).toHaveAccessibleDescription('Must be 10 or more'));
    expect(thickness('A')).toHaveAttribute('aria-invalid', 'true');
    expect(
      within(scenario('A')).getByText('Correct the marked fields to calculate.'),
    ).toBeVisible();
    expect(within(scenario('A')).getByText('15 min')).toBeVisible();

    await typeThickness(user, '30');
    expect(await within(scenario('A')).findByText('10 min')).toBeVisible();
    expect(thickness('A')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('asks for a number when a needed field is blank, and sends nothing', async () => {
    const user = await openCalculator();
    const before = sent().length;

    await user.clear(thickness('A'));

    await waitFor(() => expect(thickness('A')).toHaveAccessibleDescription('Enter a number.'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sent()).toHaveLength(before);
  });

  it('ignores an answer that arrives after a newer one', async () => {
    const slow = held<CompactionResult>();
    answer = (input) => (input.ThicknessMm === 60 ? slow.promise : fakeResult(input));
    const user = await openCalculator();

    await typeThickness(user, '60');
    await waitFor(() => expect(sent().at(-1)?.ThicknessMm).toBe(60));
    expect(within(scenario('A')).getByRole('status', { name: 'Updating…' })).toBeVisible();
    expect(within(scenario('A')).getByText('15 min')).toBeVisible();

    await typeThickness(user, '90');
    expect(await within(scenario('A')).findByText('30 min')).toBeVisible();

    slow.release(fakeResult({ ...sent()[0]!, ThicknessMm: 60 }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(scenario('A')).getByText('30 min')).toBeVisible();
    expect(within(scenario('A')).queryByText('20 min')).toBeNull();
    expect(within(scenario('A')).queryByRole('status')).toBeNull();
  });

  it('says when the server cannot be reached and tries again on request', async () => {
    answer = (input) =>
      input.ThicknessMm === 60
        ? Promise.reject(new TypeError('Failed to fetch'))
        : fakeResult(input);
    const user = await openCalculator();

    await typeThickness(user, '60');
    const alert = await within(scenario('A')).findByRole('alert');
    expect(alert).toHaveTextContent('The server could not be reached.');
    expect(within(scenario('A')).getByText('15 min')).toBeVisible();

    answer = fakeResult;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(scenario('A')).findByText('20 min')).toBeVisible();
    expect(within(scenario('A')).queryByRole('alert')).toBeNull();
  });

  it('copies A to B', async () => {
    const user = await openCalculator();
    await typeThickness(user, '60');
    await within(scenario('A')).findByText('20 min');

    await user.click(within(scenario('B')).getByRole('button', { name: 'Copy A to B' }));

    expect(thickness('B')).toHaveValue('60');
    expect(
      within(scenario('B')).getByRole('switch', { name: 'Warm-mix additive' }),
    ).not.toBeChecked();
    expect(await within(scenario('B')).findByText('20 min')).toBeVisible();
  });
});
