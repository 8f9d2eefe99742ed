import { lazy } from 'react';
import { languageEntity, localizationSettings } from '#metadata';
import { type ModuleManifest, refreshLanguages } from '#platform/ui';
import { FakeSwitches } from './fake-switches';

const TranslationsScreen = lazy(() =>
  import('./translations-screen').then((screen) => ({ default: screen.TranslationsScreen })),
);

/** Languages: the translation editor (the list and the new-language form are the engine's). */
export const languagesManifest: ModuleManifest = {
  name: 'languages',
  screens: { languageTranslations: TranslationsScreen },
  // The fake language's switches above the engine's languages grid (`/admin/languages`); a
  // language added or deleted is offered in the language picker (or no longer) at once.
  entityExtensions: {
    [languageEntity.name]: {
      toolbar: FakeSwitches,
      afterSave: () => {
        void refreshLanguages();
        return null;
      },
      afterDelete: () => void refreshLanguages(),
    },
  },
  settingsSections: [{ section: localizationSettings, order: 30 }],
};
