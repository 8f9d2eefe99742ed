export * from './ast';
export { ODataError } from './errors';
export { formatFilter } from './format';
export * from './model';
export { parseFilter } from './parser';
export * from './query';
export * from './schema-model';
export { variablesOf } from './variables-of';
