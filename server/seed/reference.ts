import type { Kysely } from 'kysely';
import { createHash } from 'node:crypto';
import {
  builtInEntities,
  defaultTexts,
  seedLanguages,
  systemPermissions,
  systemRoles,
} from '#metadata';
import { insertRoleIfMissing, upsertSystemPermissions } from '../modules/people/index';
import { insertMissingEmailTemplates } from '../modules/templates/index';
import { advisoryLocks, lockForTransaction } from '../db/locks';
import {
  insertMissingLanguages,
  touchAllLanguages,
  upsertDefaultTexts,
} from '../modules/languages/index';
import { getSetting, insertMissingSettings, putSetting } from '../modules/settings/index';
import { serverModules } from '../modules/index';
import type { ServerModule } from '../modules/module';
import type { Database } from '../db/schema';
import { migrationProvider } from '../db/migrations/index';
import { syncSystemDefinitions } from '../engine/system-definitions';

/** The stamp of the release whose reference data the database holds (see releaseStamp). */
export const referenceDataStampKey = 'System.ReferenceDataStamp';

/**
 * Bumped when seeding writes something else from the same release data (a new merge rule):
 * the stamp then differs and every database is seeded again.
 */
const seedingRules = 2;

const stamps = new WeakMap<readonly ServerModule[], Promise<string>>();

/** Every setting's default, by key, from the sections the modules bring. */
export const defaultSettings = (modules: readonly ServerModule[] = serverModules) =>
  Object.fromEntries(
    modules
      .flatMap((module) => module.settings?.sections ?? [])
      .flatMap((section) => section.settings)
      .map((setting) => [setting.key, setting.default]),
  );

/** The mail templates the modules bring. */
const mailTemplates = (modules: readonly ServerModule[]) =>
  modules.flatMap((module) => module.mailTemplates ?? []);

/** The permissions of the platform and those the modules define. */
export const seededPermissions = (modules: readonly ServerModule[] = serverModules) => [
  ...systemPermissions,
  ...modules.flatMap((module) => module.permissions ?? []),
];

/**
 * A hash of everything seedReferenceData writes from the release (the platform's and the
 * modules' data), and of the migrations the release holds (a migration may change what the
 * seeded rows must be).
 */
export function releaseStamp(modules: readonly ServerModule[] = serverModules): Promise<string> {
  let stamp = stamps.get(modules);
  if (!stamp) {
    stamp = migrationProvider.getMigrations().then((migrations) =>
      createHash('sha256')
        .update(
          JSON.stringify([
            seedingRules,
            Object.keys(migrations).sort(),
            defaultSettings(modules),
            seedLanguages,
            seededPermissions(modules),
            systemRoles,
            mailTemplates(modules),
            builtInEntities,
            defaultTexts,
            modules.map((module) => [module.name, module.referenceSeed?.data ?? null]),
          ]),
        )
        .digest('hex'),
    );
    stamps.set(modules, stamp);
  }
  return stamp;
}

/**
 * Reference data every installation needs. Idempotent: safe on every start. A release's new
 * default texts, settings and menu items arrive; an administrator's changes are kept, and a
 * menu item or forecast site an administrator deleted is not brought back. A database the
 * same release seeded last is left alone after one read (comparing it all took 0.4 s of a
 * start on the embedded database); instances starting together seed one after the other.
 */
export async function seedReferenceData(
  db: Kysely<Database>,
  modules: readonly ServerModule[] = serverModules,
): Promise<void> {
  const release = await releaseStamp(modules);
  if ((await getSetting<unknown>(db, referenceDataStampKey, null)) === release) return;
  const afterCommit = await db.transaction().execute(async (trx) => {
    await lockForTransaction(trx, advisoryLocks.referenceSeeding);
    // Read again under the lock: an instance that waited finds the seeding done.
    if ((await getSetting<unknown>(trx, referenceDataStampKey, null)) === release) return [];
    await insertMissingSettings(trx, defaultSettings(modules));
    await insertMissingLanguages(trx, seedLanguages);
    await upsertSystemPermissions(trx, seededPermissions(modules));
    for (const role of systemRoles) await insertRoleIfMissing(trx, role);
    await insertMissingEmailTemplates(trx, mailTemplates(modules));
    await syncSystemDefinitions(trx, builtInEntities);
    const changedTexts = await upsertDefaultTexts(trx, defaultTexts);
    if (changedTexts > 0) await touchAllLanguages(trx);
    const done: (() => void)[] = [];
    for (const module of modules) {
      const then = await module.referenceSeed?.run(trx, db);
      if (then) done.push(then);
    }
    await putSetting(trx, referenceDataStampKey, release);
    return done;
  });
  for (const then of afterCommit) then();
}
