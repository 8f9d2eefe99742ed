import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deliveryEntity } from '#metadata';
import { useSession } from '#platform/ui';
import DeliveryMap, { type MapDelivery } from '../../app/modules/deliveries/map/delivery-map';
import { forgetMapSettings } from '../../app/modules/deliveries/map/map-settings';
import { StateLegend } from '../../app/modules/deliveries/state/state-legend';
import { fakeApi } from '../support/fake-api';
import { aSignedInUser } from '../support/fixtures';
import { openAppAt } from '../support/open-app';
import { renderWithProviders } from '../support/render';
import { shellHandlers } from '../support/signed-in-shell';
import { gridPageOf } from './admin-support';

/** A stream that never opens: the home screen's live states are not under test here. */
class QuietEventSource extends EventTarget {
  readyState = 0;
  onopen = null;
  onerror = null;
  onmessage = null;
  close() {
    this.readyState = 2;
  }
}

const listPath = '/odata/DeliveriesOData/CentreService.GetDeliveriesForCurrentUser';
const userId = 7;

const mapDelivery = (Id: number, State: string | null): MapDelivery => ({
  Id,
  Latitude: 51.5 + Id / 10,
  Longitude: -0.12 - Id,
  State,
  SiteName: `Site ${Id}`,
  MaterialCode: 'AC10',
  Time: '07:30',
  DeliveryDate: '2026-11-24',
});

beforeEach(() => {
  window.localStorage.clear();
  forgetMapSettings();
  vi.stubGlobal('EventSource', QuietEventSource);
  const api = fakeApi({
    ...shellHandlers,
    [`GET /api/grids/${deliveryEntity.id}`]: () => gridPageOf(deliveryEntity),
    [`GET ${listPath}`]: () => ({ '@odata.count': 0, value: [] }),
    'GET /api/Deliveries/FilterValues/*': () => [],
    'GET /api/Map/GetMapSettings': () => ({ TileUrl: null, Attribution: null }),
  });
  vi.stubGlobal('fetch', api.fetch);
  // jsdom lays nothing out: Leaflet reads the map's size from these.
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(700);
  useSession.setState({
    user: aSignedInUser({ IsAdmin: false, Id: userId }),
    permissions: ['ViewDeliveries'],
    authenticated: true,
    loaded: true,
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
});

/** The legend's lines as read: name, then what it means and what to do. */
const legendLines = (legend: HTMLElement) =>
  within(legend)
    .getAllByRole('listitem')
    .map((item) => item.textContent);

async function openHome(url = '/') {
  openAppAt(url);
  await screen.findByRole('heading', { level: 1, name: 'Deliveries' });
  return userEvent.setup();
}

describe('the states legend', () => {
  it('names every state, grey last, with what it means and what to do', () => {
    renderWithProviders(<StateLegend />);

    const legend = screen.getByRole('list', { name: 'States' });
    expect(legendLines(legend)).toEqual([
      'RRED: Cannot be laid as planned: too little time, rain, a frozen or wet base, too cold, or too long a haul. Amend the temperature, thickness or additive, or move the delivery.',
      'AAMBER: Enough time, but tight (less than 1.5 times the rolling time). Roll without delay on site.',
      'YYELLOW: Workable only with the warm-mix additive. Make sure the mix carries it.',
      'GGREEN: Enough time to compact. Go ahead as planned.',
      'BBLUE: Needs a person: no forecast, inputs outside the model, or hotter than the mix allows. Check the delivery and decide.',
      '–NO STATE: No state known yet. Refresh; if it stays grey, check the delivery.',
    ]);
    // The coloured letter is for the eye: the name says the state to a screen reader.
    const [red] = within(legend).getAllByRole('listitem');
    expect(within(red!).getByText('R')).toHaveAttribute('aria-hidden', 'true');
  });

  it('shows no untranslated key', () => {
    renderWithProviders(<StateLegend counts={new Map([['R', 1]])} />);

    expect(screen.getByRole('list', { name: 'States' }).textContent).not.toMatch(
      /DELIVERY\.|LEGEND\./,
    );
  });
});

describe('the states legend on the home page', () => {
  it('is open on a first visit, collapses and expands with its button', async () => {
    const user = await openHome();

    const toggle = screen.getByRole('button', { name: 'States' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const legend = screen.getByRole('list', { name: 'States' });
    expect(toggle).toHaveAttribute('aria-controls', legend.id);
    expect(within(legend).getByText('GREEN', { exact: false })).toBeVisible();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(screen.queryByRole('list', { name: 'States' })).toBeNull());

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(screen.getByRole('list', { name: 'States' })).toBeVisible());
  });

  it('stays as the user left it on the next visit, in this browser and for this user', async () => {
    const user = await openHome();
    await user.click(screen.getByRole('button', { name: 'States' }));
    expect(JSON.parse(window.localStorage.getItem(`deliveries.home.legend.${userId}`)!)).toEqual(
      expect.objectContaining({ value: false }),
    );
    cleanup();

    await openHome();

    expect(screen.getByRole('button', { name: 'States' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(screen.queryByRole('list', { name: 'States' })).toBeNull();
  });

  it('is on the map view too, once, under the same remembered choice', async () => {
    const user = await openHome('/?view=map');
    await screen.findByRole('region', { name: 'Map of the deliveries' });

    const toggles = screen.getAllByRole('button', { name: 'States' });
    expect(toggles).toHaveLength(1);
    expect(
      within(screen.getByRole('list', { name: 'States' })).getAllByRole('listitem'),
    ).toHaveLength(6);
    await user.click(toggles[0]!);
    cleanup();

    await openHome();
    expect(screen.getByRole('button', { name: 'States' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });
});

describe('the states legend on the map', () => {
  it('tells how many deliveries on the map are in each state', async () => {
    renderWithProviders(
      <DeliveryMap
        load={() =>
          Promise.resolve([mapDelivery(1, 'R'), mapDelivery(2, 'R'), mapDelivery(3, null)])
        }
        reloadKey={1}
        onOpen={vi.fn()}
      />,
    );
    await screen.findByText('3 deliveries on the map');

    const legend = screen.getByRole('list', { name: 'States' });
    const lines = legendLines(legend);
    expect(lines[0]).toMatch(/^RRED \(2 deliveries\): Cannot be laid/);
    expect(lines[3]).toMatch(/^GGREEN \(0 deliveries\): Enough time/);
    expect(lines[5]).toMatch(/^–NO STATE \(1 delivery\): No state known yet/);
  });
});
