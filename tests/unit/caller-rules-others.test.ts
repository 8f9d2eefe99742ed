import { describe, expect, it } from 'vitest';
import { unitEntity } from '#metadata';
import { callerRules } from '../../server/engine/access-rules/caller-rules';
import { type Caller, type EntityCaller, systemCaller } from '../../server/engine/caller';

/**
 * Who the everyone-else rule binds (issue 33): every caller holding no role a row rule names,
 * the signed-out too, but never the installation's own jobs. The rows themselves:
 * access-rules-others.test.ts.
 */

const staff = 3;
const ruled = {
  schema: unitEntity.schema,
  storage: unitEntity.storage,
  accessRules: {
    RowRules: [{ RoleIds: [staff], Read: null, Write: null }],
    OthersRule: { Read: "Code eq 'NTH01'", Write: null },
    FieldRules: [],
  },
};

function signedIn(roleIds: number[], isAdmin = false): EntityCaller {
  const subject = { authenticated: true, permissions: [] };
  const user: Caller = {
    id: 7,
    name: 'someone',
    isAdmin,
    subject,
    companyId: null,
    sessionId: null,
    roleIds,
  };
  return { subject, actor: { id: 7, name: 'someone' }, user };
}

const anonymous: EntityCaller = {
  subject: { authenticated: false, permissions: [] },
  actor: { id: null, name: 'anonymous' },
  user: null,
};

describe('the everyone-else rule', () => {
  it('binds a caller holding no named role, an administrator and the signed-out alike', () => {
    for (const caller of [signedIn([1], true), signedIn([]), anonymous]) {
      const { rows } = callerRules(ruled, caller);
      expect(rows.read).not.toBeNull();
      expect(rows.write).toBeNull();
    }
  });

  it('leaves a holder of a named role to their rules, and jobs of the installation unbound', () => {
    expect(callerRules(ruled, signedIn([staff, 1])).rows).toEqual({ read: null, write: null });
    expect(callerRules(ruled, systemCaller('job', [])).rows).toEqual({ read: null, write: null });
  });

  it('binds nobody when there is none, as rules stored before it', () => {
    const { OthersRule: _, ...before } = ruled.accessRules;
    const old = { ...ruled, accessRules: before };
    expect(callerRules(old, signedIn([1], true)).rows).toEqual({ read: null, write: null });
  });
});
