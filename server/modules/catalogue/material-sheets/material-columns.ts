import { materialSchema } from '#metadata';

export type MaterialField = keyof typeof materialSchema.properties;

/** The workbook's columns: every field of a material, in the form's order, Version last. */
export const materialColumns: readonly { field: MaterialField; width: number }[] = [
  { field: 'Id', width: 8 },
  { field: 'Code', width: 16 },
  { field: 'Name', width: 40 },
  { field: 'Active', width: 9 },
  { field: 'CanAddEvotherm', width: 16 },
  { field: 'MinMixTemp', width: 12 },
  { field: 'MaxMixTemp', width: 12 },
  { field: 'MixType', width: 10 },
  { field: 'StopTemperature', width: 16 },
  { field: 'Version', width: 9 },
];

export const flagFields: ReadonlySet<string> = new Set(['Active', 'CanAddEvotherm']);
export const numberFields: ReadonlySet<string> = new Set([
  'Id',
  'MinMixTemp',
  'MaxMixTemp',
  'StopTemperature',
  'Version',
]);
export const mixTypes: readonly string[] = materialSchema.properties.MixType.enum;
