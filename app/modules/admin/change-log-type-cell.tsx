import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '#platform/ui';
import { ClippedLine } from './change-log-text-cell';

/** A designed table's entity type: `UserTable` and its data source's id. */
const designedTable = /^UserTable(\d+)$/;

let names: Promise<ReadonlyMap<number, string>> | null = null;

/**
 * The designed tables' names by id, asked once per page load; empty when the reader may not
 * list data sources (their entries then read "Designed table").
 */
function designedTableNames(): Promise<ReadonlyMap<number, string>> {
  names ??= http
    .get<{ value?: { Id: number; Name: string }[] }>(
      '/odata/DataSourcesOData?$select=Id,Name&$top=1000',
      { errorHandling: 'none' },
    )
    .then((answer) => new Map((answer.value ?? []).map((row) => [row.Id, row.Name])))
    .catch(() => new Map());
  return names;
}

/**
 * The Type of an audit log entry: a built-in entity's type as it is, a designed table's name
 * (never its storage name, `UserTable1006`).
 */
export function ChangeLogTypeCell({ value }: { value: unknown }) {
  const { t } = useTranslation();
  const id = typeof value === 'string' ? designedTable.exec(value)?.[1] : undefined;
  const [name, setName] = useState<string | null>(null);
  useEffect(() => {
    if (id === undefined) return;
    let live = true;
    void designedTableNames().then((found) => {
      if (live) setName(found.get(Number(id)) ?? null);
    });
    return () => {
      live = false;
    };
  }, [id]);
  if (value === null || value === undefined || value === '') return null;
  if (id === undefined) return <ClippedLine text={String(value)} />;
  return <ClippedLine text={name ?? t('AUDIT.DESIGNED_TABLE')} />;
}
