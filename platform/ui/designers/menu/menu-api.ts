import type { MenuItem, MenuSave } from '#metadata';
import { http } from '../../http';
import { menuSaved } from '../../menu';

/** A language's stored menu and the ETag a save of it sends back. */
export interface TaggedMenu {
  items: MenuItem[];
  etag: string | null;
}

/** A grid page a menu item may open (`/udt/grid/{Id}`). */
export interface GridPageChoice {
  Id: number;
  PageTitle: string;
}

export const menuEditorPaths = {
  menu: '/api/menu/GetMenu',
  save: '/api/menu/SaveMenu',
  gridPages: '/odata/GridPagesOData',
};

async function tagged(call: (onHeaders: (headers: Headers) => void) => Promise<MenuItem[]>) {
  let etag: string | null = null;
  const items = await call((headers) => (etag = headers.get('ETag')));
  return { items: Array.isArray(items) ? items : [], etag };
}

/**
 * The menu editor's calls: the whole stored menu of a language (`GET api/menu/GetMenu` with
 * `all=true`, which needs ManageMenu) with its ETag, the save (`POST api/menu/SaveMenu` with
 * `If-Match`), and the grid pages a menu item may open. Refusals are left to the editor.
 */
export const menuApi = {
  load: (language: string): Promise<TaggedMenu> =>
    tagged((onHeaders) =>
      http.get<MenuItem[]>(menuEditorPaths.menu, {
        query: { language, all: true },
        errorHandling: 'none',
        onHeaders,
      }),
    ),
  save: async (body: MenuSave, etag: string | null): Promise<TaggedMenu> => {
    const saved = await tagged((onHeaders) =>
      http.post<MenuItem[]>(menuEditorPaths.save, {
        body,
        headers: etag ? { 'If-Match': etag } : {},
        errorHandling: 'none',
        onHeaders,
      }),
    );
    menuSaved();
    return saved;
  },
  gridPages: async (): Promise<GridPageChoice[]> => {
    const page = await http.get<{ value?: GridPageChoice[] }>(menuEditorPaths.gridPages, {
      query: {
        $select: 'Id,PageTitle',
        $filter: 'IsSystem eq false',
        $orderby: 'PageTitle',
        $top: 500,
      },
      errorHandling: 'none',
    });
    return page?.value ?? [];
  },
};
