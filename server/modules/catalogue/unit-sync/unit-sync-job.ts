import type { FastifyInstance } from 'fastify';
import { unitEntity } from '#metadata';
import { systemCaller } from '../../../engine/caller';
import { accessFor } from '../../../engine/entity-access';
import { entityById } from '../../../engine/entity-context';
import type { JobDefinition } from '../../jobs/index';
import { applySync, compareWithSource } from './unit-sync-service';

/**
 * Units brought in from the configured source on a schedule (off until an administrator
 * resumes it on the jobs page): new units are created and changed ones updated through the
 * engine, as the Sync units screen does; units missing from the source are only counted,
 * since deactivating a plant is left to a person.
 */
export function unitSyncJob(app: FastifyInstance): JobDefinition {
  return {
    name: 'units.sync',
    title: 'JOBS.UNITS_SYNC',
    schedule: '0 5 * * *',
    enabled: false,
    async run({ db }) {
      const caller = systemCaller('Unit sync (scheduled)', [
        unitEntity.permissions.read,
        unitEntity.permissions.create,
        unitEntity.permissions.update,
      ]);
      const access = accessFor(app.entityHooks, await entityById(db, unitEntity.id), caller);
      const comparison = await compareWithSource(db, access);
      const applied = await applySync(db, access, {
        Token: comparison.Token,
        New: comparison.New.map((unit) => unit.Code),
        Upgrade: comparison.Upgrade.map((unit) => unit.Code),
      });
      const missing = comparison.Missing.length;
      return {
        rows: applied.Created + applied.Updated,
        message:
          `${applied.Created} created, ${applied.Updated} updated` +
          (missing > 0
            ? `; ${missing} missing from the source, left active for a person to decide.`
            : '.'),
      };
    },
  };
}
