// Loaded on demand: the grid, form and validator stay out of the bundle of the sign-in page.
export {
  DataSourceDesignerScreen,
  EntityDetailScreen,
  EntityGridScreen,
  GridPageDesignerScreen,
  MenuEditorScreen,
} from '#platform/ui';
