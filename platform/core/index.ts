export * from './permissions';
export * from './pseudo-localize';
