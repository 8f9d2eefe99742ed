import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deliveryEntity, type ForecastHour } from '#metadata';
import { resetDialogs, useSession } from '#platform/ui';
import { forecastHtml } from '../../server/modules/weather/forecast-html';
import { fakeApi, held } from '../support/fake-api';
import { aSignedInUser } from '../support/fixtures';
import { openAppAt } from '../support/open-app';
import { shellHandlers } from '../support/signed-in-shell';
import { gridPageOf } from './admin-support';

// --- a fake EventSource: records each stream opened, lets the test push events ----------------

class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readonly url: string;
  readonly withCredentials: boolean;
  readyState = FakeEventSource.CONNECTING;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;

  constructor(url: string | URL, init?: EventSourceInit) {
    super();
    this.url = String(url);
    this.withCredentials = init?.withCredentials ?? false;
    FakeEventSource.instances.push(this);
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
  }

  /** The server opened the stream. */
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.(new Event('open'));
  }

  /** The server sent `event: <type>` with `data`. */
  push(type: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

/** The stream the open screen listens to. */
function liveStream(): FakeEventSource {
  const open = FakeEventSource.instances.filter(
    (source) => source.readyState !== FakeEventSource.CLOSED,
  );
  expect(open).toHaveLength(1);
  return open[0]!;
}

// --- the fake server -----------------------------------------------------------------------

const listPath = '/odata/DeliveriesOData/CentreService.GetDeliveriesForCurrentUser';
const exportPath = '/api/Excel/ExportDeliveries';

type Delivery = Record<string, unknown> & { Id: number };

const amberReason = {
  StateReasonCode: 'amber',
  StateReason: '12.5 min available, 8 min needed',
  StateReasonParams: { availableMinutes: 12.5, neededMinutes: 8, reachedStop: true },
};

const greenReason = {
  StateReasonCode: 'green',
  StateReason: '20 min available, 8 min needed',
  StateReasonParams: { availableMinutes: 20, neededMinutes: 8, reachedStop: true },
};

const delivery = (Id: number, site: string, extra: Partial<Delivery> = {}): Delivery => ({
  Id,
  DeliveryDate: '2026-11-24',
  StartTime0: '2026-11-24T09:00:00.000Z',
  AvailableTimeForCompaction: 12.5,
  State: 'A',
  ...amberReason,
  MaterialCode: 'AC20',
  SoldToPartyName: 'Acme Roads',
  UnitCode: 'NTH01',
  UnitName: 'North plant',
  SiteName: site,
  Time: '09:00',
  OrderQuantity: 20,
  WeatherForecastAsHtml: '',
  WeatherForecastTemperature: 7,
  WindSpeed: 14,
  ...extra,
});

let deliveries: Delivery[];
/** The query of every call of the list, in order. */
let listCalls: Record<string, string>[];
/** The path and query of every call for a value list. */
let valueCalls: Record<string, string>[];
let answerById: (ids: number[]) => unknown;
let answerExport: (body: unknown) => unknown;
let api: ReturnType<typeof fakeApi>;

/** The grid's page requests (not the reads of pushed rows by id). */
const gridCalls = () => listCalls.filter((query) => query.$count === 'true');

function startServer() {
  api = fakeApi({
    ...shellHandlers,
    [`GET /api/grids/${deliveryEntity.id}`]: () => gridPageOf(deliveryEntity),
    [`GET ${listPath}`]: (_body, _path, url) => {
      const query = Object.fromEntries(url.searchParams);
      listCalls.push(query);
      const ids = [...(query.$filter ?? '').matchAll(/Id eq (\d+)/g)].map((m) => Number(m[1]));
      if (query.$count === 'false' && ids.length > 0) return answerById(ids);
      const skip = Number(query.$skip ?? 0);
      const top = Number(query.$top ?? 20);
      return { '@odata.count': deliveries.length, value: deliveries.slice(skip, skip + top) };
    },
    'GET /api/Deliveries/FilterValues/*': (_body, path, url) => {
      valueCalls.push({ path, ...Object.fromEntries(url.searchParams) });
      return path.endsWith('/State') ? ['R', 'A', 'Q'] : [];
    },
    [`POST ${exportPath}`]: (body) => answerExport(body),
  });
  vi.stubGlobal('fetch', api.fetch);
}

function signIn({ admin, id }: { admin: boolean; id?: number }) {
  useSession.setState({
    user: aSignedInUser({ IsAdmin: admin, ...(id === undefined ? {} : { Id: id }) }),
    permissions: admin
      ? ['ViewDeliveries', 'AmendDeliveries', 'ManageDeliveries', 'ExportDeliveries']
      : ['ViewDeliveries', 'AmendDeliveries', 'ExportDeliveries'],
    authenticated: true,
    loaded: true,
  });
}

/** Opens the home screen and waits for its first page of deliveries. */
async function openHome({ admin = false, id }: { admin?: boolean; id?: number } = {}) {
  signIn({ admin, id });
  const router = openAppAt('/');
  await screen.findByRole('heading', { level: 1, name: 'Deliveries' });
  await waitFor(() => expect(gridCalls().length).toBeGreaterThan(0));
  await waitFor(() =>
    expect(screen.getByRole('table', { name: 'Deliveries' })).not.toHaveAttribute(
      'aria-busy',
      'true',
    ),
  );
  return { router, user: userEvent.setup() };
}

const hour = 3_600_000;
const minute = 60_000;
const morning = new Date('2026-11-24T07:00:00Z').getTime();

beforeEach(() => {
  window.localStorage.clear();
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  deliveries = [];
  listCalls = [];
  valueCalls = [];
  answerById = (ids) => ({ value: deliveries.filter((row) => ids.includes(row.Id)) });
  answerExport = () => new Response(null, { status: 500 });
  startServer();
});
afterEach(() => {
  act(() => resetDialogs());
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
});

// --- the tests -----------------------------------------------------------------------------

describe('deliveries home: initial filters', () => {
  it('lists a non-administrator’s own deliveries, upcoming, of active units, 20 a page by start', async () => {
    await openHome();

    expect(gridCalls()[0]).toEqual({
      $top: '20',
      $skip: '0',
      $orderby: 'StartTime0 asc',
      $count: 'true',
      ShowPast: 'false',
      MineOnly: 'true',
      ActiveUnitsOnly: 'true',
    });
    expect(screen.getByRole('switch', { name: 'Show past' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Active units only' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Mine' })).toBeChecked();
    const sizes = screen.getByRole('combobox', { name: 'Rows per page' });
    expect(
      within(sizes)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['10', '20', '100']);
    expect(sizes).toHaveValue('20');
  });

  it('tells a non-administrator with none of their own that there are none', async () => {
    await openHome();

    expect(await screen.findByText('There are no mine deliveries.')).toBeInTheDocument();
    expect(screen.queryByText('No Results Found!')).not.toBeInTheDocument();
  });

  it('lists every unit’s deliveries for an administrator, who gets no such message', async () => {
    await openHome({ admin: true });

    expect(gridCalls()[0]).toMatchObject({
      ShowPast: 'false',
      MineOnly: 'false',
      ActiveUnitsOnly: 'true',
    });
    expect(screen.getByRole('radio', { name: 'All' })).toBeChecked();
    expect(await screen.findByText('No Results Found!')).toBeInTheDocument();
    expect(screen.queryByText('There are no mine deliveries.')).not.toBeInTheDocument();
  });

  it('says “No Results Found!” to a non-administrator who shows all units', async () => {
    const { user } = await openHome();
    await user.click(screen.getByRole('radio', { name: 'All' }));

    await waitFor(() => expect(gridCalls().at(-1)?.MineOnly).toBe('false'));
    expect(await screen.findByText('No Results Found!')).toBeInTheDocument();
    expect(screen.queryByText('There are no mine deliveries.')).not.toBeInTheDocument();
  });
});

describe('deliveries home: Show past', () => {
  it('asks again from the first page with ShowPast=true', async () => {
    deliveries = Array.from({ length: 25 }, (_, i) => delivery(i + 1, `Site ${i + 1}`));
    const { user } = await openHome();
    await screen.findByText('Site 1');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Site 21');
    expect(gridCalls().at(-1)).toMatchObject({ $skip: '20', ShowPast: 'false' });

    await user.click(screen.getByRole('switch', { name: 'Show past' }));

    await waitFor(() =>
      expect(gridCalls().at(-1)).toMatchObject({ $skip: '0', ShowPast: 'true', MineOnly: 'true' }),
    );
    expect(await screen.findByText('Site 1')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Show past' })).toBeChecked();
  });

  it('is restored by a load within 8 hours, and dropped by a later one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(morning);
    const { user } = await openHome();
    await user.click(screen.getByRole('switch', { name: 'Show past' }));
    await waitFor(() => expect(gridCalls().at(-1)?.ShowPast).toBe('true'));
    cleanup();

    listCalls = [];
    vi.setSystemTime(morning + 7 * hour + 59 * minute);
    await openHome();
    expect(gridCalls()[0]).toMatchObject({ ShowPast: 'true', MineOnly: 'true' });
    expect(screen.getByRole('switch', { name: 'Show past' })).toBeChecked();
    cleanup();

    listCalls = [];
    vi.setSystemTime(morning + 8 * hour + minute);
    await openHome();
    expect(gridCalls()[0]).toMatchObject({ ShowPast: 'false', MineOnly: 'true' });
    expect(screen.getByRole('switch', { name: 'Show past' })).not.toBeChecked();
  });
});

describe('deliveries home: column filters', () => {
  const openFilter = async (user: ReturnType<typeof userEvent.setup>, title: string) => {
    const header = screen.getByRole('columnheader', { name: new RegExp(`^${title}`) });
    await user.click(within(header).getByRole('button', { name: `Filter ${title}` }));
    return screen.findByRole('dialog', { name: new RegExp(`^Filter ${title}`) });
  };

  it('filters the weather by temperature and wind speed', async () => {
    const { user } = await openHome();
    const dialog = await openFilter(user, 'Weather forecast');
    const temperature = within(dialog).getByRole('group', { name: 'Temperature (°C)' });
    const wind = within(dialog).getByRole('group', { name: 'Wind speed (km/h)' });

    await user.type(within(temperature).getByRole('textbox', { name: 'From' }), '3');
    await user.type(within(wind).getByRole('textbox', { name: 'To' }), '20');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));

    await waitFor(() =>
      expect(gridCalls().at(-1)).toMatchObject({
        $filter: 'WeatherForecastTemperature ge 3 and WindSpeed le 20',
        ShowPast: 'false',
        MineOnly: 'true',
      }),
    );
  });

  it('lists the states by colour and name, within the other filters and the switches', async () => {
    const { user } = await openHome();
    let dialog = await openFilter(user, 'Site Name');
    await user.type(within(dialog).getByRole('textbox', { name: 'Text' }), 'Leeds{Enter}');
    await waitFor(() =>
      expect(gridCalls().at(-1)?.$filter).toBe("contains(tolower(SiteName), 'leeds')"),
    );

    dialog = await openFilter(user, 'State');

    const values = within(dialog).getByRole('group', { name: 'Values' });
    expect(await within(values).findByRole('checkbox', { name: 'RED' })).toHaveAttribute(
      'value',
      'R',
    );
    expect(within(values).getByRole('checkbox', { name: 'AMBER' })).toHaveAttribute('value', 'A');
    expect(within(values).getByRole('checkbox', { name: 'NO STATE' })).toHaveAttribute(
      'value',
      'Q',
    );
    expect(within(dialog).queryByRole('textbox', { name: 'Text' })).not.toBeInTheDocument();
    expect(valueCalls.at(-1)).toEqual({
      path: '/api/Deliveries/FilterValues/State',
      top: '100',
      $filter: "contains(tolower(SiteName), 'leeds')",
      ShowPast: 'false',
      MineOnly: 'true',
      ActiveUnitsOnly: 'true',
    });

    await user.click(within(values).getByRole('checkbox', { name: 'RED' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(gridCalls().at(-1)?.$filter).toBe(
        "contains(tolower(SiteName), 'leeds') and State eq 'R'",
      ),
    );
  });
});

describe('deliveries home: the weather cell', () => {
  const hour: ForecastHour = {
    time: '2026-11-24T09:00:00.000Z',
    airTemperature: 7.2,
    windSpeedKmh: 14,
    windGustKmh: null,
    windDirection: 250,
    cloudCoverPercent: 90,
    shortwaveRadiation: 40,
    precipitationProbability: 80,
    precipitationMm: 0.6,
    weatherCode: 61,
    weatherText: 'Light rain',
  };

  it('draws the weather from the forecast’s code and says it in words', async () => {
    deliveries = [delivery(41, 'Leeds ring road', { WeatherForecastAsHtml: forecastHtml(hour) })];
    await openHome();
    const row = screen.getByRole('row', { name: /Leeds ring road/ });
    expect(within(row).getByText('Light rain, 7 °C, wind 14 km/h')).toBeInTheDocument();
    const cell = within(row).getByText('Light rain, 7 °C, wind 14 km/h').parentElement!;
    expect(cell.querySelector('svg')).not.toBeNull();
    expect(cell).not.toHaveTextContent('🌧');
  });

  it('shows the text icon of a forecast stored before the code was written into it', async () => {
    const stored = forecastHtml(hour).replace(/ data-weather-code="\d+"/, '');
    deliveries = [delivery(41, 'Leeds ring road', { WeatherForecastAsHtml: stored })];
    await openHome();
    const row = screen.getByRole('row', { name: /Leeds ring road/ });
    const cell = within(row).getByText('Light rain, 7 °C, wind 14 km/h').parentElement!;
    expect(cell.querySelector('svg')).toBeNull();
    expect(cell).toHaveTextContent('🌧');
  });
});

describe('deliveries home: the time for compaction', () => {
  it('carries its unit, and says “more than” when the mat never cooled to the stop', async () => {
    deliveries = [
      delivery(41, 'Leeds ring road'),
      delivery(42, 'York bypass', {
        AvailableTimeForCompaction: 60,
        ...greenReason,
        StateReasonParams: { availableMinutes: 60, neededMinutes: 8, reachedStop: false },
      }),
    ];
    await openHome();
    const leeds = screen.getByRole('row', { name: /Leeds ring road/ });
    expect(within(leeds).getByText('12.5 min')).toBeInTheDocument();
    const york = screen.getByRole('row', { name: /York bypass/ });
    expect(within(york).getByText('More than 60.0 min')).toBeInTheDocument();
  });

  it('says why a blank one is blank, in words a screen reader reads', async () => {
    deliveries = [
      delivery(41, 'Leeds ring road', {
        AvailableTimeForCompaction: null,
        State: 'R',
        StateReasonCode: 'rain',
        StateReason: 'Rain forecast at the delivery hour',
        StateReasonParams: {},
      }),
      delivery(42, 'York bypass', {
        AvailableTimeForCompaction: null,
        State: null,
        StateReasonCode: null,
        StateReason: null,
        StateReasonParams: null,
      }),
    ];
    await openHome();
    const leeds = screen.getByRole('row', { name: /Leeds ring road/ });
    expect(
      within(leeds).getByText('No time for compaction: Rain forecast at the delivery hour'),
    ).toBeInTheDocument();
    const york = screen.getByRole('row', { name: /York bypass/ });
    expect(within(york).getByText('No time for compaction was computed.')).toBeInTheDocument();
  });
});

describe('deliveries home: another user of the same browser', () => {
  it('starts an administrator on every unit even after a non-administrator saved Mine', async () => {
    const { user } = await openHome();
    await user.click(screen.getByRole('switch', { name: 'Show past' }));
    await waitFor(() => expect(gridCalls().at(-1)?.ShowPast).toBe('true'));
    cleanup();

    listCalls = [];
    await openHome({ admin: true, id: 8 });

    expect(gridCalls()[0]).toMatchObject({ ShowPast: 'false', MineOnly: 'false' });
  });
});

describe('deliveries home: live states', () => {
  it('listens to the state stream with the session’s cookie and says when it is live', async () => {
    await openHome();
    const stream = liveStream();
    expect(stream.url).toBe('/api/Deliveries/StateStream');
    expect(stream.withCredentials).toBe(true);
    expect(screen.getByRole('status', { name: /^Connecting/ })).toHaveTextContent('Connecting');

    act(() => stream.open());

    expect(screen.getByRole('status', { name: /^States changed by the server/ })).toHaveTextContent(
      'Live',
    );
  });

  it('says when the stream is reconnecting, and when the browser gave it up', async () => {
    await openHome();
    const stream = liveStream();
    act(() => stream.open());

    act(() => {
      stream.readyState = FakeEventSource.CONNECTING;
      stream.onerror?.(new Event('error'));
    });
    expect(screen.getByRole('status', { name: /^Connecting/ })).toHaveTextContent('Connecting');

    act(() => {
      stream.readyState = FakeEventSource.CLOSED;
      stream.onerror?.(new Event('error'));
    });
    expect(
      screen.getByRole('status', { name: /^Live states are not available/ }),
    ).toHaveTextContent('Not live');
  });

  it('opens the stream again a few seconds after the browser gave it up (the server was away)', async () => {
    await openHome();
    const given = liveStream();
    act(() => given.open());
    vi.useFakeTimers();
    act(() => {
      given.readyState = FakeEventSource.CLOSED;
      given.onerror?.(new Event('error'));
    });
    expect(screen.getByRole('status', { name: /^Live states are not available/ })).toBeVisible();
    act(() => vi.advanceTimersByTime(4_900));
    expect(FakeEventSource.instances).toHaveLength(1);
    act(() => vi.advanceTimersByTime(100));
    const again = liveStream();
    expect(again).not.toBe(given);
    expect(again.url).toBe('/api/Deliveries/StateStream');
    act(() => again.open());
    expect(screen.getByRole('status', { name: /^States changed by the server/ })).toHaveTextContent(
      'Live',
    );
  });

  it('changes the state of a shown row in place when the server pushes it', async () => {
    deliveries = [delivery(41, 'Leeds ring road'), delivery(42, 'York bypass')];
    const reread = held<unknown>();
    answerById = () => reread.promise;
    await openHome();
    const row = () => screen.getByRole('row', { name: /Leeds ring road/ });
    expect(
      within(row()).getByRole('img', { name: 'AMBER: 12.5 min available, 8 min needed: tight' }),
    ).toHaveAttribute('data-state', 'A');
    const pages = gridCalls().length;

    act(() => liveStream().push('states', [{ Id: 41, State: 'R', AvailableTimeForCompaction: 3 }]));

    await waitFor(() =>
      expect(within(row()).getByRole('img', { name: /^RED/ })).toHaveAttribute('data-state', 'R'),
    );
    expect(within(row()).getByText('3.0 min')).toBeInTheDocument();
    const other = screen.getByRole('row', { name: /York bypass/ });
    expect(within(other).getByRole('img', { name: /^AMBER/ })).toBeInTheDocument();
    // Only the pushed row is read again (for its reason), not the page.
    await waitFor(() => expect(listCalls.at(-1)?.$filter).toBe('Id eq 41'));
    expect(gridCalls()).toHaveLength(pages);

    const red = delivery(41, 'Leeds ring road', {
      State: 'R',
      AvailableTimeForCompaction: 3,
      StateReasonCode: 'red',
      StateReason: '3 min available, 8 min needed',
      StateReasonParams: { availableMinutes: 3, neededMinutes: 8, reachedStop: true },
    });
    await act(async () => reread.release({ value: [red] }));

    expect(
      await within(row()).findByRole('img', {
        name: 'RED: 3.0 min available, 8 min needed: too little time',
      }),
    ).toBeInTheDocument();
    expect(gridCalls()).toHaveLength(pages);
  });

  it('shows the server’s newer values once the grid loads the page again', async () => {
    deliveries = [delivery(41, 'Leeds ring road')];
    const { user } = await openHome();
    deliveries = [delivery(41, 'Leeds ring road', { State: 'R', AvailableTimeForCompaction: 3 })];
    act(() => liveStream().push('states', [{ Id: 41, State: 'R', AvailableTimeForCompaction: 3 }]));
    await waitFor(() => expect(listCalls.at(-1)?.$filter).toBe('Id eq 41'));
    await within(screen.getByRole('row', { name: /Leeds ring road/ })).findByRole('img', {
      name: /^RED/,
    });

    // Changed on the server since (an import, another user), with no state pushed.
    deliveries = [delivery(41, 'Leeds ring road north', { State: 'G', ...greenReason })];
    await user.click(screen.getByRole('switch', { name: 'Active units only' }));

    await waitFor(() => expect(gridCalls().at(-1)?.ActiveUnitsOnly).toBe('false'));
    const row = await screen.findByRole('row', { name: /Leeds ring road north/ });
    expect(within(row).getByRole('img', { name: /^GREEN/ })).toBeInTheDocument();
  });

  it('ignores a garbled batch', async () => {
    deliveries = [delivery(41, 'Leeds ring road')];
    await openHome();
    const row = screen.getByRole('row', { name: /Leeds ring road/ });

    act(() => {
      liveStream().dispatchEvent(new MessageEvent('states', { data: '{not json' }));
      liveStream().push('states', [{ Id: '41', State: 7 }]);
    });

    expect(within(row).getByRole('img', { name: /^AMBER/ })).toBeInTheDocument();
  });

  it('closes the stream when the screen goes away', async () => {
    await openHome();
    const stream = liveStream();
    cleanup();
    expect(stream.readyState).toBe(FakeEventSource.CLOSED);
  });
});

describe('deliveries home: rows', () => {
  it('opens the delivery of a row clicked', async () => {
    deliveries = [delivery(41, 'Leeds ring road'), delivery(42, 'York bypass')];
    const { router, user } = await openHome();

    await user.click(
      within(screen.getByRole('row', { name: /York bypass/ })).getByText('York bypass'),
    );

    await waitFor(() => expect(router.state.location.pathname).toBe('/delivery/42'));
  });

  it('opens the delivery of a row entered from the keyboard', async () => {
    deliveries = [delivery(41, 'Leeds ring road')];
    const { router, user } = await openHome();

    screen.getByRole('row', { name: /Leeds ring road/ }).focus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/delivery/41'));
  });

  it('selects a row by its checkbox without opening it', async () => {
    deliveries = [delivery(41, 'Leeds ring road')];
    const { router, user } = await openHome();
    const row = screen.getByRole('row', { name: /Leeds ring road/ });

    // Named for screen readers by where, when and what, not by its state letter.
    const checkbox = within(row).getByRole('checkbox', {
      name: 'Select Leeds ring road, 24/11/2026 09:00, AC20',
    });
    await user.click(checkbox);

    expect(checkbox).toBeChecked();
    expect(screen.getByRole('button', { name: 'Amend selected (1)' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('deliveries home: export', () => {
  it('posts MineOnly and Actual for a non-administrator filtered to Mine, and saves the file', async () => {
    answerExport = () =>
      new Response(new Blob(['xlsx']), {
        headers: { 'Content-Disposition': 'attachment; filename="Deliveries 24-11-2026.xlsx"' },
      });
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:export');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const { user } = await openHome();

    await user.click(screen.getByRole('button', { name: 'Export' }));

    await waitFor(() => expect(saved).toEqual(['Deliveries 24-11-2026.xlsx']));
    expect(api.to(exportPath).map((request) => request.body)).toEqual([
      { MineOnly: true, Actual: true },
    ]);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });

  it('posts MineOnly false for an administrator, and Actual false with past deliveries', async () => {
    const answer = held<Response>();
    answerExport = () => answer.promise;
    const { user } = await openHome({ admin: true });
    await user.click(screen.getByRole('switch', { name: 'Show past' }));

    await user.click(screen.getByRole('button', { name: 'Export' }));

    await waitFor(() =>
      expect(api.to(exportPath).map((request) => request.body)).toEqual([
        { MineOnly: false, Actual: false },
      ]),
    );
    answer.release(
      new Response(JSON.stringify({ Message: 'Nothing to export.' }), { status: 400 }),
    );
    await screen.findByRole('dialog', { name: 'Information' });
  });

  it('shows the server’s message in an info dialog on failure, then enables the button again', async () => {
    const answer = held<Response>();
    answerExport = () => answer.promise;
    const { user } = await openHome();

    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(api.to(exportPath)).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Export' })).toBeDisabled();

    answer.release(
      Response.json({ Message: 'The export is limited to 10,000 deliveries.' }, { status: 400 }),
    );

    const notice = await screen.findByRole('dialog', { name: 'Information' });
    expect(notice).toHaveTextContent('The export is limited to 10,000 deliveries.');
    await user.click(within(notice).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(api.to(exportPath)).toHaveLength(2));
  });
});
