export { GridPageDesignerScreen } from './grid-page-designer-screen';
export { GridPageDesigner, type GridPageDesignerProps } from './grid-page-designer';
export { previewDelayMs } from './grid-preview';
