export * from './permissions';
export * from './permission-syntax';
export * from './pseudo-localize';
export * from './odata/index';
export * from './delivery-rules';
export * from './user-tables/index';
export * from './access-rules/index';
export * from './menu/index';
