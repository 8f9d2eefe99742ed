import type { CallerLink, EntityStorage } from '#metadata';

/**
 * The storage with its caller-linked fields (`Mine`) bound to a user (unbound when null: such
 * a field is then 0 for every row); the same object when it has none.
 */
export function storageBoundTo(storage: EntityStorage, userId: number | null): EntityStorage {
  const linked = Object.entries(storage.fields).filter(
    ([, stored]) => typeof stored === 'object' && 'callerLink' in stored,
  );
  if (linked.length === 0) return storage;
  const fields = { ...storage.fields };
  for (const [name, stored] of linked) {
    const { callerLink } = stored as { callerLink: CallerLink };
    fields[name] = { callerLink: { ...callerLink, userId } };
  }
  return { ...storage, fields };
}
