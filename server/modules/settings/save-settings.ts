import { isDeepStrictEqual } from 'node:util';
import type { Kysely } from 'kysely';
import type { FieldChange, SettingsSaveRequest } from '#metadata';
import { findSetting } from './setting-registry';
import type { Database } from '../../db/schema';
import { type Actor, changedOnly, recordChange } from '../../engine/change-log';
import { AppError, type FieldError } from '../../errors/app-error';
import { insertNewSetting, listVersionedSettings, updateSetting } from './settings-repository';
import { addressWithoutSecrets } from '../../security/log-redaction';
import { forgetSettings } from './settings-cache';
import { pairErrors, partnersOf } from './setting-pairs';
import { settingValuesErrors } from './setting-validation';

/** The change log's entity type of a setting; its entity id is the setting's key. */
export const settingEntityType = 'Setting';

const staleMessage = 'was changed by someone else since it was loaded';

const shown = (value: unknown) =>
  value === null || value === undefined || value === '' ? '(empty)' : JSON.stringify(value);

/**
 * An address as the change log keeps it: without the credentials it may carry (see
 * `addressWithoutSecrets`), which readers of the audit log (not only settings administrators)
 * would see.
 */
function logged(value: unknown): unknown {
  if (typeof value !== 'string' || !/^https?:\/\//i.test(value)) return value;
  const shown = addressWithoutSecrets(value);
  if (!shown) return '(an address)';
  return shown.hidden ? `${shown.address} (credentials hidden)` : shown.address;
}

/** `Compaction.StopTemperature: 79.4 → 85` (the change log's own wording). */
function valueChange(key: string, before: unknown, after: unknown): FieldChange {
  const [old, now] = [logged(before), logged(after)];
  return {
    Field: key,
    OldValue: old ?? null,
    NewValue: now ?? null,
    ChangeText: `${key}: ${shown(old)} → ${shown(now)}`,
  };
}

function refuse(errors: FieldError[]): never {
  const list = errors.map((error) => `${error.Field} ${error.Message}`).join('; ');
  throw new AppError('BadRequest', `The settings were not saved: ${list}.`, errors);
}

function conflict(keys: string[]): never {
  throw new AppError(
    'Conflict',
    `The settings were not saved: ${keys.join(', ')} ${staleMessage}.`,
    keys.map((key) => ({ Field: key, Message: staleMessage })),
  );
}

/**
 * Saves the changed settings in one transaction, or none of them: every value must match its
 * setting's schema (else 400 naming each setting and why), and every setting sent with a
 * `Version` must still have it (else 409 naming the settings changed meanwhile). A secret's
 * `null` clears it. Each change is change-logged (a secret only as changed), and the cached
 * settings are forgotten so that the change applies at once on this server.
 */
export async function saveSettings(
  db: Kysely<Database>,
  request: SettingsSaveRequest,
  actor: Actor,
): Promise<void> {
  const errors = settingValuesErrors(request.Values);
  if (errors.length > 0) refuse(errors);
  const keys = Object.keys(request.Values);
  const versions = request.Versions ?? {};
  await db.transaction().execute(async (trx) => {
    const rows = new Map(
      (await listVersionedSettings(trx, [...keys, ...partnersOf(keys)], { lock: true })).map(
        (row) => [row.key, row],
      ),
    );
    const stale = keys.filter(
      (key) => key in versions && (rows.get(key)?.version ?? null) !== versions[key],
    );
    if (stale.length > 0) conflict(stale);
    const upsideDown = pairErrors(keys, (key) =>
      key in request.Values
        ? request.Values[key]
        : rows.has(key)
          ? rows.get(key)!.value
          : findSetting(key)?.default,
    );
    if (upsideDown.length > 0) refuse(upsideDown);
    for (const key of keys) {
      const setting = findSetting(key)!;
      const row = rows.get(key);
      const before = row ? row.value : setting.default;
      const after = setting.secret && request.Values[key] === null ? '' : request.Values[key];
      if (isDeepStrictEqual(before, after)) continue;
      if (row) await updateSetting(trx, key, after);
      else if (!(await insertNewSetting(trx, key, after))) conflict([key]);
      await recordChange(trx, {
        entityType: settingEntityType,
        entityId: key,
        actionType: 1,
        actor,
        changes: [setting.secret ? changedOnly(key) : valueChange(key, before, after)],
      });
    }
  });
  forgetSettings(db);
}
