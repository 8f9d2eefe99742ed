export { DataSourceDesignerScreen } from './data-source-designer-screen';
export { DataSourceDesigner, type DataSourceDesignerProps } from './data-source-designer';
