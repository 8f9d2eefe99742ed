import type { ServerModule } from '../module';
import { materialHooks, unitHooks } from './entity-hooks';

/** Units (plants) and materials (mixes). */
export const catalogueModule: ServerModule = {
  name: 'catalogue',
  entityHooks: { Units: unitHooks, Materials: materialHooks },
};
