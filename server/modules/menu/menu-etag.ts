import { createHash } from 'node:crypto';
import type { MenuItem } from '#metadata';

/** The entity tag of a language's stored menu: it changes whenever any item does. */
export function menuEtag(items: readonly MenuItem[]): string {
  const rows = [...items]
    .sort((a, b) => a.Id - b.Id)
    .map((item) => [item.Id, item.Name, item.Url, item.ParentId, item.Order]);
  return `"${createHash('sha256').update(JSON.stringify(rows)).digest('base64url')}"`;
}

/**
 * Whether `If-Match` lets a save of the menu tagged `etag` through: absent or blank (a spec
 * client that never read the tag), `*`, or a list naming the tag. A weak form of the tag
 * (`W/"..."`, as some proxies rewrite it) counts as the tag.
 */
export function ifMatchAllows(header: string | undefined, etag: string): boolean {
  if (header === undefined || header.trim() === '') return true;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}
