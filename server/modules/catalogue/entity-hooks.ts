import { materialCodeMessages } from '#metadata';
import { AppError, type FieldError } from '../../errors/app-error';
import { findMaterialByCode } from './repositories/materials';
import { parsePostcode } from '../places/index';
import type { EntityHooks } from '../../engine/entity-hooks';

type Row = Record<string, unknown>;

function refuse(errors: FieldError[]): never {
  throw new AppError('BadRequest', errors.map((e) => `${e.Field} ${e.Message}.`).join(' '), errors);
}

/** A plant's location: a UK postcode (tidied as Royal Mail writes it), both coordinates or none. */
function locationErrors(values: Row): FieldError[] {
  const errors: FieldError[] = [];
  if (typeof values.Postcode === 'string' && values.Postcode !== '') {
    const postcode = parsePostcode(values.Postcode);
    if (postcode) values.Postcode = postcode.text;
    else errors.push({ Field: 'Postcode', Message: 'is not a UK postcode' });
  }
  const hasLatitude = typeof values.Latitude === 'number';
  const hasLongitude = typeof values.Longitude === 'number';
  if (hasLatitude && !hasLongitude) {
    errors.push({ Field: 'Longitude', Message: 'is required with Latitude' });
  }
  if (hasLongitude && !hasLatitude) {
    errors.push({ Field: 'Latitude', Message: 'is required with Longitude' });
  }
  return errors;
}

/** Units (plants) are deactivated, never deleted: deliveries and users refer to them. */
export const unitHooks: EntityHooks = {
  prepareValues(values) {
    if (typeof values.Postcode === 'string') values.Postcode = values.Postcode.trim();
    if (values.Postcode === '') values.Postcode = null;
  },
  beforeWrite({ values }) {
    const errors = locationErrors(values);
    if (errors.length > 0) refuse(errors);
    return Promise.resolve();
  },
  refuseDeletes: 'Units are not deleted; make the unit inactive instead.',
};

/**
 * A mix's output temperatures run from MinMixTemp up to MaxMixTemp: a delivery's temperature
 * must fit between them, so a range upside down would refuse every one.
 */
function refuseInvertedMixRange(values: Row): void {
  const { MinMixTemp: min, MaxMixTemp: max } = values;
  if (typeof min === 'number' && typeof max === 'number' && min > max) {
    refuse([{ Field: 'MaxMixTemp', Message: `must not be below MinMixTemp (${min})` }]);
  }
}

/** Material codes: tidied to capitals, and never identical to another material's pattern. */
export const materialHooks: EntityHooks = {
  prepareValues(values) {
    if (typeof values.Code === 'string') {
      values.Code = values.Code.trim().replace(/\s+/g, ' ').toUpperCase();
    }
  },
  async beforeWrite({ trx, existing, values }) {
    refuseInvertedMixRange(values);
    if (typeof values.Code !== 'string') return;
    const code = values.Code;
    const match = await findMaterialByCode(trx, code);
    if (!match || match.id === existing?.Id) return;
    const message = match.active
      ? materialCodeMessages.activeMatch
      : materialCodeMessages.inactiveMatch;
    throw new AppError('BadRequest', message, [{ Field: 'Code', Message: message }]);
  },
  refuseDeletes: 'Materials are not deleted; make the material inactive instead.',
};
