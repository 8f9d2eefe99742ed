export * from './actions/index';
export { EntityDetailScreen } from './entity-detail-screen';
export { EntityGrid, type EntityGridProps } from './entity-grid';
export { EntityGridScreen } from './entity-grid-screen';
export { EntityHistory } from './entity-history';
export { clipListText, maxListText, useChangeWords } from './change-words';
export {
  registerEntityExtension,
  type EntityEditContext,
  type EntityExtension,
  type EntityForm,
  type EntityToolbarProps,
} from './entity-extensions';
export type { EntityRow } from './entity-api';
export { useGridPage, type Loaded } from './use-grid-page';
export { useCan } from './use-can';
