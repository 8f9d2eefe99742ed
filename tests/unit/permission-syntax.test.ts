import { describe, expect, it } from 'vitest';
import { hasPermission, permissionExpressionProblem } from '#platform/core';

describe('permissionExpressionProblem', () => {
  it.each([
    '',
    '   ',
    'ManageUsers',
    'ManageUsers,ManageRoles',
    '!ViewReports',
    'ViewDeliveries & ExportDeliveries',
    'CanViewCompany(3), CanViewCompany()',
    'everybody',
    'authorized & !ManageUsers',
  ])('reads %j', (expression) => {
    expect(permissionExpressionProblem(expression)).toBeNull();
  });

  it.each([
    ['ManageUsers,,ManageRoles', /empty entry \(2 of group 1\)/],
    ['ManageUsers,', /empty entry/],
    ['& ManageUsers', /empty entry \(1 of group 1\)/],
    ['View Reports', /not a permission: 'View Reports'/],
    ['ManageUsers; drop table', /not a permission/],
    ['CanViewCompany(3', /not a permission/],
    ['CanViewCompany((3))', /not a permission/],
    ['!!ManageUsers', /not a permission/],
    ['<script>', /not a permission/],
  ])('refuses %j', (expression, problem) => {
    expect(permissionExpressionProblem(expression)).toMatch(problem);
  });

  it('accepts only what hasPermission reads as meant: a checked expression grants its holder', () => {
    const expression = 'ViewReports & CanViewCompany(3)';
    expect(permissionExpressionProblem(expression)).toBeNull();
    const subject = { authenticated: true, permissions: ['ViewReports', 'CanViewCompany(3)'] };
    expect(hasPermission(expression, subject)).toBe(true);
  });
});
