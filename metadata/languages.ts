export interface LanguageSeed {
  Id: string;
  Name: string;
  AngularCulture: string;
  KendoCulture: string;
}

/** Languages present on every installation. `fake` is en-gb pseudo-localised, for testing. */
export const seedLanguages: LanguageSeed[] = [
  { Id: 'en-gb', Name: 'English (UK)', AngularCulture: 'en-GB', KendoCulture: 'en-GB' },
  { Id: 'fake', Name: 'Fake (pseudo-localised)', AngularCulture: 'en', KendoCulture: 'en' },
];
