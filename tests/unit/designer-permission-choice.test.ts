import { describe, expect, it } from 'vitest';
import { hasPermission, permissionExpressionProblem } from '../../platform/core';
import {
  choiceOf,
  everyone,
  expressionOf,
  type PermissionChoice,
} from '../../platform/ui/designers/kit/permission-choice';

const choices: [PermissionChoice, string][] = [
  [everyone, ''],
  [{ mode: 'only', only: ['ManageUnits'], except: [] }, 'ManageUnits'],
  [{ mode: 'only', only: ['ManageUnits', 'ViewReports'], except: [] }, 'ManageUnits,ViewReports'],
  [{ mode: 'everyone', only: [], except: ['ViewDeliveries'] }, '!ViewDeliveries'],
  [
    { mode: 'only', only: ['ManageUnits', 'ViewReports'], except: ['ManageUsers', 'ManageMenu'] },
    'ManageUnits,ViewReports & !ManageUsers & !ManageMenu',
  ],
];

describe('who may see a page, picked and written as a permission expression', () => {
  it.each(choices)('writes %j as %j, which reads back as the same choice', (choice, text) => {
    expect(expressionOf(choice)).toBe(text);
    expect(permissionExpressionProblem(text)).toBeNull();
    expect(choiceOf(text)).toEqual(choice);
  });

  it('means what the server evaluates: only holders, except the excluded', () => {
    const text = expressionOf({ mode: 'only', only: ['ManageUnits'], except: ['ManageUsers'] });
    const user = (...permissions: string[]) => ({ authenticated: true, permissions });
    expect(hasPermission(text, user('ManageUnits'))).toBe(true);
    expect(hasPermission(text, user('ManageUnits', 'ManageUsers'))).toBe(false);
    expect(hasPermission(text, user('ViewDeliveries'))).toBe(false);
    const exceptOnly = expressionOf({ mode: 'everyone', only: [], except: ['ManageUsers'] });
    expect(hasPermission(exceptOnly, user('ViewDeliveries'))).toBe(true);
    expect(hasPermission(exceptOnly, user('ManageUsers'))).toBe(false);
  });

  it('forgets the list of holders when everyone may see it again', () => {
    expect(expressionOf({ mode: 'everyone', only: ['ManageUnits'], except: [] })).toBe('');
  });

  it('reads "everyone signed in" written as authorized, with spaces and in any order', () => {
    expect(choiceOf('authorized')).toEqual(everyone);
    expect(choiceOf(' !ManageUsers &ManageUnits , ViewReports ')).toEqual({
      mode: 'only',
      only: ['ManageUnits', 'ViewReports'],
      except: ['ManageUsers'],
    });
  });

  it('leaves the text standing when it says more than the picker can show', () => {
    for (const text of [
      'CanViewCompany(3)',
      'ManageUnits & ViewReports',
      'ManageUnits,!ViewReports',
      'ManageUnits,,ViewReports',
      '!authorized',
      'Manage Units',
    ]) {
      expect(choiceOf(text)).toBeNull();
    }
  });
});
