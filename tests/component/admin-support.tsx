import { vi } from 'vitest';
import type { CurrentUser, EntityDefinition, FieldChange, GridPage } from '#metadata';
import { useSession } from '#platform/ui';
import { fakeApi } from '../support/fake-api';
import { aSignedInUser } from '../support/fixtures';
import { openAppAt } from '../support/open-app';

/** The grid page `GET api/grids/{id}` serves for a built-in entity, as the server builds it. */
export function gridPageOf(entity: EntityDefinition, overrides: Partial<GridPage> = {}): GridPage {
  if (!entity.api) throw new Error(`${entity.name} has no row calls of its own`);
  return {
    ...entity.grid,
    Columns: [...entity.grid.Columns],
    Actions: [...entity.grid.Actions],
    RowActions: [...entity.grid.RowActions],
    DefaultSort: [...entity.grid.DefaultSort],
    Id: entity.id,
    DataSourceId: entity.id,
    DataSourceName: entity.name,
    EntityType: entity.entityType,
    PkField: 'Id',
    SchemaDefinition: entity.schema,
    FormDefinition: entity.form,
    Api: entity.api,
    Permission: '',
    IsSystem: true,
    Version: 1,
    ...overrides,
  };
}

type Handlers = Parameters<typeof fakeApi>[0];

/**
 * Opens an engine screen of the app at `url` for a signed-in user holding `permissions`,
 * with the API faked by `handlers` (plus the grid page of `entity`).
 */
export function openAdminScreen(
  url: string,
  {
    entity,
    permissions,
    handlers,
    user = aSignedInUser(),
  }: { entity: EntityDefinition; permissions: string[]; handlers: Handlers; user?: CurrentUser },
) {
  const api = fakeApi({ [`GET /api/grids/${entity.id}`]: () => gridPageOf(entity), ...handlers });
  vi.stubGlobal('fetch', api.fetch);
  useSession.setState({ user, permissions, authenticated: true, loaded: true });
  const router = openAppAt(url);
  return { api, router };
}

/** The body of the only request to `path`. */
export function postedBody(api: ReturnType<typeof fakeApi>, path: string) {
  const requests = api.to(path);
  if (requests.length !== 1) throw new Error(`${requests.length} requests to ${path}`);
  return requests[0]!.body as Record<string, unknown>;
}

/** One field's change as the audit log stores it: "Field: from → to". */
export const fieldChange = (Field: string, from: string, to: string): FieldChange => ({
  Field,
  OldValue: from,
  NewValue: to,
  ChangeText: `${Field}: ${from} → ${to}`,
});
