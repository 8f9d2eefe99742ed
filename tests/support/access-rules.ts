import type { LightMyRequestResponse } from 'fastify';
import type { AccessRules, AccessRulesView, FieldRule, OthersRule, RowRule } from '#metadata';
import type { ApiClient } from './api-client';
import type { TestApp } from './test-app';

/**
 * A data source's row and field rules through `api/dataSources/{id}/accessRules`, as the
 * administrator (who holds ManageDataSources), and what `data_sources` holds of them.
 */

export const rulesUrl = (id: number) => `/api/dataSources/${id}/accessRules`;

export type RulesView = AccessRulesView;

/** The rules a test saves: an OthersRule left out is not sent (as rules before it were). */
export interface RulesInput {
  RowRules?: RowRule[];
  OthersRule?: OthersRule;
  FieldRules?: FieldRule[];
}

export async function readRules(client: ApiClient, id: number): Promise<RulesView> {
  const response = await client.get('admin', rulesUrl(id));
  if (response.statusCode !== 200) {
    throw new Error(`Reading the rules of ${id} answered ${response.statusCode}: ${response.body}`);
  }
  return response.json<RulesView>();
}

/** `PUT` of the rules at the Version given (the current one when left out); the raw answer. */
export async function putRules(
  client: ApiClient,
  id: number,
  rules: RulesInput & { Version?: number },
): Promise<LightMyRequestResponse> {
  const Version = rules.Version ?? (await readRules(client, id)).Version;
  const body: AccessRules = {
    RowRules: rules.RowRules ?? [],
    ...(rules.OthersRule === undefined ? {} : { OthersRule: rules.OthersRule }),
    FieldRules: rules.FieldRules ?? [],
    Version,
  };
  return client.put('admin', rulesUrl(id), body);
}

/** Replaces the rules (fails the test when refused). */
export async function setRules(
  client: ApiClient,
  id: number,
  rules: RulesInput,
): Promise<RulesView> {
  const response = await putRules(client, id, rules);
  if (response.statusCode !== 200) {
    throw new Error(`Saving rules of ${id} answered ${response.statusCode}: ${response.body}`);
  }
  return response.json<RulesView>();
}

/** One role's row rule. */
export const rowRule = (roleId: number, Read: string | null, Write: string | null = Read) => ({
  RoleIds: [roleId],
  Read,
  Write,
});

export async function roleIdOf(t: TestApp, name: string): Promise<number> {
  const role = await t.database.db
    .selectFrom('roles')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return role.id;
}

export async function unitIdOf(t: TestApp, code: string): Promise<number> {
  const unit = await t.database.db
    .selectFrom('units')
    .select('id')
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return unit.id;
}

/** What `data_sources` holds of a data source's rules: the JSON and the version. */
export async function storedRulesOf(t: TestApp, id: number) {
  return t.database.db
    .selectFrom('dataSources')
    .select(['accessRules', 'version'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}
