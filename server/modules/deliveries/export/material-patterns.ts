import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { type EntityAccess, withReadPermission } from '../../../engine/entity-access';
import { streamEntity } from '../../../engine/entity-stream';

/** An active material: its code pattern (`?` stands for any one character) and its name. */
export interface MaterialPattern {
  id: number;
  code: string;
  name: string;
}

interface MaterialRow {
  Id: number;
  Code: string;
  Name: string;
}

/**
 * Every active material's pattern, read through the engine. Anyone who may download the
 * mismatch files reads them (they are what the files list as candidates), though only
 * material managers open the materials screen: `materials` is the caller's access to the
 * Materials entity and `permission` the files' own.
 */
export async function activeMaterialPatterns(
  db: Kysely<Database>,
  materials: EntityAccess,
  permission: string,
): Promise<MaterialPattern[]> {
  const rows = streamEntity<MaterialRow>(db, withReadPermission(materials, permission), {
    filter: 'Active eq true',
    select: ['Id', 'Code', 'Name'],
    orderBy: 'Id',
  });
  const patterns: MaterialPattern[] = [];
  for await (const row of rows) patterns.push({ id: row.Id, code: row.Code, name: row.Name });
  return patterns;
}
