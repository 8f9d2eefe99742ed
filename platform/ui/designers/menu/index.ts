export { MenuEditor, type MenuEditorProps } from './menu-editor';
export { MenuEditorScreen } from './menu-editor-screen';
