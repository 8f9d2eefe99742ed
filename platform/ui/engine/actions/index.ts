export {
  actionRegistry,
  ActionRegistry,
  type Action,
  type ActionLook,
  type ActionPlace,
} from './action-registry';
export { ActionButton, ActionButtons, type ActionButtonsProps } from './action-buttons';
export {
  builtInGridActions,
  gridSurface,
  type GridActionContext,
  type GridActionDefinition,
} from './grid-actions';
