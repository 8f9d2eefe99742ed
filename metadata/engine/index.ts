export * from './definitions';
