export {
  DesignerActionBar,
  designerActions,
  designerSurface,
  type DesignerActionContext,
} from './designer-actions';
export { PermissionPicker, type PermissionPickerProps } from './permission-picker';
export { choiceOf, expressionOf, everyone, type PermissionChoice } from './permission-choice';
