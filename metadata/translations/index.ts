import { accessRulesTexts } from './access-rules';
import { accountTexts } from './account';
import { adminTexts } from './admin';
import { authTexts } from './auth';
import { compactionTexts } from './compaction';
import { designerTexts } from './designer';
import { createScreenTexts } from './designer-create-screen';
import { designerKitTexts } from './designer-kit';
import { menuEditorTexts } from './menu-editor';
import { settingsTexts } from './settings';
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
import { templateTexts } from './templates';
import { languageTexts } from './languages';
import { catalogueSheetsTexts } from './catalogue-sheets';
import { auditScreensTexts } from './audit-screens';
import { jobsTexts } from './jobs';

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
  ...createScreenTexts,
  ...designerKitTexts,
  ...accessRulesTexts,
  ...menuEditorTexts,
  ...settingsTexts,
  ...gridDesignerTexts,
  ...compactionTexts,
  ...weatherTexts,
  ...deliveryTexts,
  ...deliveryHomeTexts,
  ...deliveryMapTexts,
  ...udtRuntimeTexts,
  ...templateTexts,
  ...languageTexts,
  ...catalogueSheetsTexts,
  ...auditScreensTexts,
  ...jobsTexts,
};
