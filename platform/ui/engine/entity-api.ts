import type { GridPage } from '#metadata';
import { http, HttpError } from '../http';
import type { ODataRequest, RowPage } from '../schema-grid';

export type EntityRow = Record<string, unknown>;

/** `GET api/grids/{id}`: the grid page with its schema, form and row calls. */
export function loadGridPage(id: number): Promise<GridPage> {
  return http.get<GridPage>(`/api/grids/${id}`);
}

/** The generic row calls of a data source (`api/dataSources/{id}/data`), keyed by the system Id. */
const genericRows = /\/api\/dataSources\/\d+\/data$/i;

/** Whether the page's rows are saved through the generic row calls (`{ Id, Json }` bodies). */
export const isGenericRows = (page: GridPage) => genericRows.test(page.Api.Save);

/**
 * Whether the page is over a user table (a designed page: rows from `api/grids/{id}/data`,
 * or a data source's generic row calls with `UserTable{id}` rows).
 */
export function isUserTablePage(page: GridPage): boolean {
  return pageRowsUrl(page) !== null || /^UserTable\d+$/.test(page.EntityType);
}

/** `/api/grids/{id}` of a page whose rows are the page's own list call, else null. */
function pageRowsUrl(page: GridPage): string | null {
  return /^(\/?api\/grids\/\d+)\/data$/i.exec(page.ListUrl)?.[1] ?? null;
}

/**
 * The key of a row in the page's row calls (`{id}` of `Get`, `Delete` and the detail URL):
 * the system `Id` for the generic row calls (a user table's key field is a field of its own),
 * else the page's key field.
 */
export function rowKey(page: GridPage, row: EntityRow): unknown {
  if (isGenericRows(page) && row.Id !== undefined && row.Id !== null) return row.Id;
  return row[page.PkField];
}

/** Puts `{id}` (and `{mode}`) into a URL pattern of the page. */
export function fillUrl(pattern: string, id: unknown, mode?: string): string {
  return pattern
    .replace('{id}', encodeURIComponent(String(id)))
    .replace('{mode}', encodeURIComponent(mode ?? 'edit'));
}

/** `"GET /api/users/DeleteUser/{id}"` -> method and URL; a bare URL is a DELETE. */
function splitCall(call: string): { method: 'GET' | 'DELETE' | 'POST'; url: string } {
  const match = /^(GET|DELETE|POST)\s+(\S+)$/.exec(call.trim());
  if (match) return { method: match[1] as 'GET' | 'DELETE' | 'POST', url: match[2]! };
  return { method: 'DELETE', url: call.trim() };
}

/** ANDs a fixed filter (e.g. one entity's history) into the grid's own. */
export function withFixedFilter(request: ODataRequest, fixed: string | null): ODataRequest {
  if (!fixed) return request;
  const $filter = request.$filter ? `(${fixed}) and (${request.$filter})` : fixed;
  return { ...request, $filter };
}

export async function fetchRows(
  page: GridPage,
  request: ODataRequest,
  signal?: AbortSignal,
): Promise<RowPage<EntityRow>> {
  const answer = await http.get<{ '@odata.count'?: number; value: EntityRow[] }>(page.ListUrl, {
    query: { ...request },
    signal,
  });
  return { count: answer['@odata.count'] ?? answer.value.length, rows: answer.value };
}

/** A column's values for its filter list, within the grid's other filters (`scope`). */
export function fetchValues(
  page: GridPage,
  field: string,
  search: string,
  scope?: { $filter?: string },
): Promise<string[]> {
  // A designed page answers the value lists of its own rows (within its permission).
  const base = pageRowsUrl(page) ?? `/api/entities/${encodeURIComponent(page.DataSourceName)}`;
  return http
    .get<unknown[]>(`${base}/values/${encodeURIComponent(field)}`, {
      query: { search: search || undefined, top: 100, $filter: scope?.$filter },
    })
    .then((values) => values.map((value) => String(value)));
}

/**
 * The row to edit: `Get` with its id. A new row (id 0) is the call's blank template, or only
 * its key where the call has none (answers 404).
 */
export async function loadRow(page: GridPage, id: string | number): Promise<EntityRow> {
  if (String(id) !== '0') return http.get<EntityRow>(fillUrl(page.Api.Get, id));
  try {
    return await http.get<EntityRow>(fillUrl(page.Api.Get, 0), { errorHandling: 'none' });
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return { [page.PkField]: 0 };
    throw error;
  }
}

/** Saves a row and answers the server's answer (`{}` for none); refusals come back as HttpError. */
export async function saveRow(page: GridPage, row: EntityRow): Promise<EntityRow> {
  // The generic row calls (`api/dataSources/{id}/data`) take `{ Id, Json }`: POST creates, PUT updates.
  if (isGenericRows(page)) {
    const id = Number(rowKey(page, row) ?? 0) || 0;
    const send = id > 0 ? http.put : http.post;
    const body = { Id: id, Json: JSON.stringify(row) };
    return (await send<EntityRow | null>(page.Api.Save, { body, errorHandling: 'none' })) ?? {};
  }
  const answer = await http.post<EntityRow | null>(page.Api.Save, {
    body: row,
    errorHandling: 'none',
  });
  return answer ?? {};
}

export async function deleteRow(page: GridPage, id: unknown): Promise<void> {
  if (!page.Api.Delete) return;
  const { method, url } = splitCall(page.Api.Delete);
  const send = method === 'GET' ? http.get : method === 'POST' ? http.post : http.delete;
  await send(fillUrl(url, id), { errorHandling: 'none' });
}

/** `POST api/check/IsUnique{field}`; an error counts as not unique (the check fails closed). */
export async function checkUnique(
  page: GridPage,
  field: string,
  value: unknown,
  exceptId: unknown,
): Promise<boolean> {
  const answer = await http.post<{ isUnique: boolean }>(`/api/check/IsUnique${field}`, {
    body: { field, val: value, entity: page.DataSourceName, id: exceptId ?? null },
    errorHandling: 'none',
  });
  return answer.isUnique === true;
}
