export {
  DesignerActionBar,
  designerActions,
  designerSurface,
  type DesignerActionContext,
} from './designer-actions';
