import { lazy } from 'react';
import { templateEntity } from '#metadata';
import type { ModuleManifest } from '#platform/ui';
import { templateWidgets } from './template-widgets';

const TemplateEditorScreen = lazy(() =>
  import('./template-editor-screen').then((screen) => ({ default: screen.TemplateEditorScreen })),
);

/** E-mail templates: the editor of `/admin/templates/{id}` (the list is the engine's grid). */
export const templatesManifest: ModuleManifest = {
  name: 'templates',
  screens: { templateEditor: TemplateEditorScreen },
  // The template's form drawn by the engine's own detail screen (`/udt/details/...`) too.
  entityExtensions: { [templateEntity.name]: { widgets: templateWidgets } },
};
