export * from './linear-pattern';
export * from './engine-column-patterns';
