export * from './definitions';
export * from './parts';
