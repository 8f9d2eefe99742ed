export * from './permissions';
export * from './pseudo-localize';
export * from './odata/index';
export * from './delivery-rules';
export * from './user-tables/index';
