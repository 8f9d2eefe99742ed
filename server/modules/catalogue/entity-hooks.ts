import { materialCodeMessages } from '#metadata';
import { AppError } from '../../errors/app-error';
import { findMaterialByCode } from '../../repositories/materials';
import type { EntityHooks } from '../../engine/entity-hooks';

/** Units (plants) are deactivated, never deleted: deliveries and users refer to them. */
export const unitHooks: EntityHooks = {
  refuseDeletes: 'Units are not deleted; make the unit inactive instead.',
};

/** Material codes: tidied to capitals, and never identical to another material's pattern. */
export const materialHooks: EntityHooks = {
  prepareValues(values) {
    if (typeof values.Code === 'string') {
      values.Code = values.Code.trim().replace(/\s+/g, ' ').toUpperCase();
    }
  },
  async beforeWrite({ trx, existing, values }) {
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
