import { Anchor } from '@mantine/core';
import { builtInEntities } from '#metadata';
import { hasPermission } from '#platform/core';
import { Link } from 'react-router';
import { clipListText, useSession } from '#platform/ui';

/** The detail screen of each built-in entity type, and who may read its rows. */
const detailScreens = new Map(
  builtInEntities.flatMap((entity) =>
    entity.screens.detail
      ? [[entity.entityType, { path: entity.screens.detail, read: entity.permissions.read }]]
      : [],
  ),
);

/** Where an audit log entry's row opens, when its type has a detail screen. */
export function changeLogItemUrl(entityType: unknown, entityId: unknown): string | null {
  const screen = typeof entityType === 'string' ? detailScreens.get(entityType) : undefined;
  if (!screen || entityId === null || entityId === undefined || entityId === '') return null;
  return screen.path.replace(':id', encodeURIComponent(String(entityId)));
}

/** The Item cell of the audit log: the row's key, a link to the row when the reader may open it. */
export function ChangeLogItemCell({ value, entityType }: { value: unknown; entityType: unknown }) {
  const permissions = useSession((state) => state.permissions);
  const authenticated = useSession((state) => state.authenticated);
  const text = value === null || value === undefined ? '' : String(value);
  const url = changeLogItemUrl(entityType, value);
  const read = typeof entityType === 'string' ? detailScreens.get(entityType)?.read : undefined;
  const clipped = clipListText(text);
  const title = clipped.clipped ? text : undefined;
  if (!url || !read || !hasPermission(read, { permissions, authenticated })) {
    return <span title={title}>{clipped.text}</span>;
  }
  return (
    <Anchor component={Link} to={url} size="sm" title={title}>
      {clipped.text}
    </Anchor>
  );
}
