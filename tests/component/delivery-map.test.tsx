import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import DeliveryMap, { type MapDelivery } from '../../app/modules/deliveries/map/delivery-map';
import { forgetMapSettings } from '../../app/modules/deliveries/map/map-settings';
import { fakeApi, held } from '../support/fake-api';
import { renderWithProviders } from '../support/render';

const settingsPath = '/api/Map/GetMapSettings';

const delivery = (Id: number, overrides: Partial<MapDelivery> = {}): MapDelivery => ({
  Id,
  Latitude: 51.5072,
  Longitude: -0.1276,
  State: 'G',
  SiteName: `Site ${Id}`,
  MaterialCode: 'AC10',
  Time: '07:30',
  DeliveryDate: '2026-11-24',
  ...overrides,
});

// Far apart: each stands alone at a country-wide zoom.
const hilltop = delivery(11, {
  SiteName: 'Hilltop Road',
  State: 'R',
  MaterialCode: 'SMA14',
  StateReason: 'Rain expected at the site',
});
const quayside = delivery(12, {
  SiteName: 'Quayside',
  Latitude: 55.9533,
  Longitude: -3.1883,
  State: 'A',
  Time: '09:00',
});
const docks = delivery(13, {
  SiteName: 'Docks',
  Latitude: 51.4816,
  Longitude: -3.1791,
  State: null,
  Time: '11:15',
});
const unplaced = [delivery(14, { Latitude: null }), delivery(15, { Longitude: null })];

let api: ReturnType<typeof fakeApi>;
let settings: { TileUrl: string | null; Attribution: string | null };

beforeEach(() => {
  forgetMapSettings();
  settings = { TileUrl: null, Attribution: null };
  api = fakeApi({ [`GET ${settingsPath}`]: () => settings });
  vi.stubGlobal('fetch', api.fetch);
  // jsdom lays nothing out: Leaflet reads the map's size from these.
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(700);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function showMap(
  deliveries: MapDelivery[] | (() => Promise<MapDelivery[]>),
  props: { reloadKey?: unknown } = {},
) {
  const onOpen = vi.fn();
  const load = vi.fn(
    typeof deliveries === 'function' ? deliveries : () => Promise.resolve(deliveries),
  );
  const view = renderWithProviders(
    <DeliveryMap load={load} reloadKey={props.reloadKey ?? 1} onOpen={onOpen} />,
  );
  return { ...view, onOpen, load };
}

const pointNamed = (name: string) => screen.findByRole('button', { name });

/**
 * A click with a position: Leaflet places every mouse event on the map, and copies the event's
 * fields with for...in, which misses the position user-event gives its events.
 */
const clickOn = (target: Element) => fireEvent.click(target, { clientX: 500, clientY: 350 });

describe('the deliveries map', () => {
  it('draws a point per delivery, named for screen readers, and says how many have no place', async () => {
    showMap([hilltop, quayside, docks, ...unplaced]);

    const red = await pointNamed('Delivery Hilltop Road, 24/11/2026 07:30, RED');
    expect(red).toHaveTextContent('R');
    expect(red).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('button', { name: 'Delivery Quayside, 24/11/2026 09:00, AMBER' }));
    expect(screen.getByRole('button', { name: 'Delivery Docks, 24/11/2026 11:15, NO STATE' }));
    expect(screen.getByText('2 deliveries have no location and are not shown.')).toBeVisible();
    expect(screen.getByText('3 deliveries on the map')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Map of the deliveries' })).toBeVisible();
    expect(api.to(settingsPath)).toHaveLength(1);
  });

  it('says one delivery in the singular', async () => {
    showMap([hilltop, unplaced[0]!]);
    expect(await screen.findByText('1 delivery has no location and is not shown.')).toBeVisible();
  });

  it('has a legend of the states with how many deliveries are in each', async () => {
    showMap([hilltop, quayside, docks]);
    await pointNamed('Delivery Quayside, 24/11/2026 09:00, AMBER');
    const legend = screen.getByRole('list', { name: 'States' });
    const items = within(legend)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items.map((item) => item?.split(':')[0])).toEqual([
      'RRED (1 delivery)',
      'AAMBER (1 delivery)',
      'YYELLOW (0 deliveries)',
      'GGREEN (0 deliveries)',
      'BBLUE (0 deliveries)',
      '–NO STATE (1 delivery)',
    ]);
  });

  it('opens a delivery with Enter on its point', async () => {
    const user = userEvent.setup();
    const { onOpen } = showMap([hilltop, quayside]);
    const point = await pointNamed('Delivery Quayside, 24/11/2026 09:00, AMBER');
    point.focus();
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenCalledWith(12);
  });

  it('shows the details on a click, and opens the delivery from there', async () => {
    const user = userEvent.setup();
    const { onOpen } = showMap([hilltop, quayside]);
    clickOn(await pointNamed('Delivery Hilltop Road, 24/11/2026 07:30, RED'));

    const details = await screen.findByRole('group', {
      name: 'Delivery Hilltop Road, 24/11/2026 07:30, RED',
    });
    expect(details).toHaveTextContent('Hilltop Road');
    expect(details).toHaveTextContent('MaterialSMA14');
    expect(details).toHaveTextContent('Date24/11/2026');
    expect(details).toHaveTextContent('Time07:30');
    expect(details).toHaveTextContent('StateRRED');
    expect(details).toHaveTextContent('ReasonRain expected at the site');
    expect(onOpen).not.toHaveBeenCalled();
    await user.click(within(details).getByRole('button', { name: 'Open delivery' }));
    expect(onOpen).toHaveBeenCalledWith(11);
  });

  it('shows the details with Space, focused on Open delivery, and Escape gives the focus back', async () => {
    const user = userEvent.setup();
    showMap([hilltop, quayside]);
    const point = await pointNamed('Delivery Hilltop Road, 24/11/2026 07:30, RED');
    point.focus();
    await user.keyboard(' ');
    const open = await screen.findByRole('button', { name: 'Open delivery' });
    await waitFor(() => expect(open).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Open delivery' })).toBeNull());
    expect(point).toHaveFocus();
  });

  it('groups deliveries at one place, with their count and mix of states, and lists them', async () => {
    const user = userEvent.setup();
    const site = { SiteName: 'Embankment', Latitude: 51.5, Longitude: -0.12 };
    const { onOpen } = showMap([
      delivery(21, { ...site, State: 'G', Time: '08:00' }),
      delivery(22, { ...site, State: 'A', Time: '09:00' }),
      delivery(23, { ...site, State: 'M', Time: '07:00' }),
      quayside,
    ]);
    const group = await pointNamed('Group of 3 deliveries: 1 AMBER, 1 BLUE, 1 GREEN');
    expect(group).toHaveTextContent('3A');
    // A ring of the three states' colours in equal shares, amber first.
    const ring = group.querySelector<HTMLElement>('[aria-hidden="true"]')!.style.background;
    expect(ring).toMatch(/^conic-gradient/);
    expect(ring.indexOf('240, 140, 0')).toBeLessThan(ring.indexOf('24, 100, 171'));
    expect(ring.indexOf('24, 100, 171')).toBeLessThan(ring.indexOf('35, 122, 54'));
    clickOn(group);

    const list = await screen.findByRole('group', { name: '3 deliveries here' });
    const members = within(list).getAllByRole('button', { name: /^Delivery/ });
    expect(members.map((member) => member.getAttribute('aria-label'))).toEqual([
      'Delivery Embankment, 24/11/2026 09:00, AMBER',
      'Delivery Embankment, 24/11/2026 07:00, BLUE',
      'Delivery Embankment, 24/11/2026 08:00, GREEN',
    ]);
    await user.click(members[1]!);
    expect(onOpen).toHaveBeenCalledWith(23);
  });

  it('shows an error with a retry when the deliveries cannot be loaded', async () => {
    const user = userEvent.setup();
    let fail = true;
    const { load } = showMap(() =>
      fail ? Promise.reject(new Error('offline')) : Promise.resolve([hilltop]),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The deliveries could not be loaded for the map.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await pointNamed('Delivery Hilltop Road, 24/11/2026 07:30, RED');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shows a loader while loading, loads again when the reload key changes and aborts the older load', async () => {
    const first = held<MapDelivery[]>();
    const signals: AbortSignal[] = [];
    const answers = [first.promise, Promise.resolve([quayside])];
    const load = (signal: AbortSignal) => {
      signals.push(signal);
      return answers[signals.length - 1]!;
    };
    const onOpen = vi.fn();
    const { rerender } = renderWithProviders(
      <DeliveryMap load={load} reloadKey="a" onOpen={onOpen} />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading the deliveries for the map…');
    rerender(<DeliveryMap load={load} reloadKey="b" onOpen={onOpen} />);
    await pointNamed('Delivery Quayside, 24/11/2026 09:00, AMBER');
    expect(signals.map((signal) => signal.aborted)).toEqual([true, false]);
    first.release([hilltop]);
    await Promise.resolve();
    expect(screen.queryByRole('button', { name: /Hilltop Road/ })).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says so when no delivery matches', async () => {
    showMap([]);
    expect(await screen.findByText('No deliveries match the filters.')).toBeVisible();
  });

  it('draws the outline only, without a tile server', async () => {
    const { container } = showMap([hilltop]);
    await pointNamed('Delivery Hilltop Road, 24/11/2026 07:30, RED');
    expect(container.querySelector('.leaflet-outline-pane path')).not.toBeNull();
    expect(container.querySelector('img.leaflet-tile')).toBeNull();
    expect(container.querySelector('.leaflet-control-attribution')).toHaveTextContent(
      'Leaflet | Coastline: Natural Earth',
    );
  });

  it("draws the configured tile server's tiles with its credit, as text", async () => {
    settings = {
      TileUrl: 'https://tiles.example.org/{z}/{x}/{y}.png',
      Attribution: '© Example <b>Maps</b>',
    };
    const { container } = showMap([hilltop]);
    await pointNamed('Delivery Hilltop Road, 24/11/2026 07:30, RED');
    await waitFor(() => expect(container.querySelector('img.leaflet-tile')).not.toBeNull());
    const tile = container.querySelector('img.leaflet-tile');
    expect(tile?.getAttribute('src')).toMatch(
      /^https:\/\/tiles\.example\.org\/\d+\/\d+\/\d+\.png$/,
    );
    const credit = container.querySelector('.leaflet-control-attribution');
    expect(credit).toHaveTextContent('© Example <b>Maps</b>');
    expect(credit?.querySelector('b')).toBeNull();
  });
});
