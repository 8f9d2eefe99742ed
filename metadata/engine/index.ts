export * from './definitions';
export * from './parts';
export * from './derived-schemas';
export * from './responses';
export * from './data-sources';
export * from './snapshots';
export * from './storage-schema';
