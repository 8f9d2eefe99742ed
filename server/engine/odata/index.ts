export { distinctValues, type DistinctValuesOptions, maxDistinctValues } from './distinct-values';
export { filterSql } from './filter-sql';
export {
  countRows,
  countStatement,
  listRows,
  type AnyDb,
  type BaseWhere,
  type ListOptions,
  type ListResult,
} from './list-rows';
export { storageModel } from './storage-model';
