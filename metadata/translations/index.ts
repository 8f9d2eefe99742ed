import { accessRulesTexts } from './access-rules';
import { accountTexts } from './account';
import { adminTexts } from './admin';
import { authTexts } from './auth';
import { compactionTexts } from './compaction';
import { designerTexts } from './designer';
import { menuEditorTexts } from './menu-editor';
import { gridDesignerTexts } from './grid-designer';
import { formTexts } from './form';
import { gridTexts } from './grid';
import { platformTexts } from './platform';
import { shellTexts } from './shell';
import { weatherTexts } from './weather';
import { deliveryTexts } from './deliveries';
import { deliveryHomeTexts } from './delivery-home';
import { deliveryMapTexts } from './delivery-map';
import { udtRuntimeTexts } from './udt-runtime';

/**
 * Every translation key with its default (en-gb) text. Seeded into the database, where
 * administrators translate them per language.
 */
export const defaultTexts: Record<string, string> = {
  ...platformTexts,
  ...shellTexts,
  ...authTexts,
  ...accountTexts,
  ...gridTexts,
  ...formTexts,
  ...adminTexts,
  ...designerTexts,
  ...accessRulesTexts,
  ...menuEditorTexts,
  ...gridDesignerTexts,
  ...compactionTexts,
  ...weatherTexts,
  ...deliveryTexts,
  ...deliveryHomeTexts,
  ...deliveryMapTexts,
  ...udtRuntimeTexts,
};
