import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import type { MenuItem } from '#metadata';
import { useLanguageStore, useSession } from '#platform/ui';
import { fakeApi } from './fake-api';
import { aSignedInUser } from './fixtures';
import { openAppAt } from './open-app';

// The menu editor's screen in component tests: a stored menu, a fake server, its parts.

/** A menu of two levels with a special item (600) and a pure parent. */
export const storedMenu = (): MenuItem[] => [
  { Id: 1, Name: 'Deliveries', Url: '/', ParentId: null, Order: 1 },
  { Id: 100, Name: 'Administration', Url: null, ParentId: null, Order: 100 },
  { Id: 101, Name: 'Users', Url: '/admin/users', ParentId: 100, Order: 1 },
  { Id: 102, Name: 'Roles', Url: '/admin/roles', ParentId: 100, Order: 2 },
  { Id: 600, Name: 'Schedule', Url: '/hangfireview', ParentId: 100, Order: 60 },
  { Id: 900, Name: 'Help', Url: null, ParentId: null, Order: 900 },
  { Id: 901, Name: 'Report a problem', Url: '/about/reportaproblem', ParentId: 900, Order: 1 },
];

type Handlers = Parameters<typeof fakeApi>[0];

/** A 200 answer carrying a menu and its ETag, as GetMenu and SaveMenu answer. */
export const tagged = (items: MenuItem[], etag: string) =>
  Response.json(items, { headers: { ETag: etag } });

/**
 * Opens `/admin/menu` for a holder of ManageMenu, against a server holding `storedMenu()`
 * tagged `"v1"`; a save answers what it was sent, new items numbered from 10000, tagged `"v2"`.
 */
export function openMenuEditor(handlers: Handlers = {}) {
  const api = fakeApi({
    'GET /api/menu/GetMenu': () => tagged(storedMenu(), '"v1"'),
    'POST /api/menu/SaveMenu': (body) => {
      const sent = (body as { MenuItems: (MenuItem & { IsNew?: boolean })[] }).MenuItems;
      let next = 10_000;
      const ids = new Map(sent.map((item) => [item.Id, item.IsNew ? next++ : item.Id]));
      const saved = sent.map(({ IsNew: _new, ...item }) => ({
        ...item,
        Id: ids.get(item.Id)!,
        ParentId: item.ParentId === null ? null : ids.get(item.ParentId)!,
      }));
      return tagged(saved, '"v2"');
    },
    'GET /odata/GridPagesOData': () => ({
      '@odata.count': 1,
      value: [{ Id: 1001, PageTitle: 'Site inspections' }],
    }),
    ...handlers,
  });
  vi.stubGlobal('fetch', api.fetch);
  useSession.setState({
    user: aSignedInUser(),
    permissions: ['ManageMenu'],
    authenticated: true,
    loaded: true,
  });
  const router = openAppAt('/admin/menu');
  useLanguageStore.setState({
    languages: [
      { Id: 'en-gb', Name: 'English (UK)', LastUpdated: 1 },
      { Id: 'de-de', Name: 'Deutsch', LastUpdated: 1 },
      { Id: 'fake', Name: 'Fake', LastUpdated: 1 },
    ],
  });
  return { api, router, user: userEvent.setup() };
}

export type User = ReturnType<typeof userEvent.setup>;

/** Opens the editor, waits for the menu, and unlocks it. */
export async function openUnlocked(handlers: Handlers = {}) {
  const opened = openMenuEditor(handlers);
  await opened.user.click(await screen.findByRole('switch', { name: /^(Locked|Unlocked)/ }));
  return opened;
}

export const tree = () => within(screen.getByRole('region', { name: 'Menu items' }));

/** The names of the items directly in a list of the tree, by their edit buttons. */
export const itemsIn = (list: string) =>
  Array.from(tree().getByRole('list', { name: list }).children).flatMap((entry) => {
    const button = within(entry as HTMLElement).queryAllByRole('button', { name: /^Edit / })[0];
    return button ? [button.getAttribute('aria-label')!.replace(/^Edit /, '')] : [];
  });

/** What the editor sent to SaveMenu: its body and its If-Match header. */
export function savesOf(api: ReturnType<typeof fakeApi>) {
  return api.fetch.mock.calls
    .filter(([input]) => String(input).startsWith('/api/menu/SaveMenu'))
    .map(([, init]) => ({
      body: JSON.parse(String(init?.body)) as {
        Language: string;
        MenuItems: (MenuItem & { IsNew: boolean })[];
      },
      ifMatch: (init?.headers as Record<string, string>)['If-Match'],
    }));
}
