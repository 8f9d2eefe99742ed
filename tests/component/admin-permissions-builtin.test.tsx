import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { permissionEntity } from '#metadata';
import { dialogs } from '#platform/ui';
import { openAdminScreen } from './admin-support';

/** A built-in permission (id under 1000) is not offered for deletion; one of the installation is. */

const rows = [
  { Id: 9, Code: 'ManagePermissions', Name: 'Manage permissions', IsParameterised: false },
  { Id: 1000, Code: 'InspectSites', Name: 'Inspect sites', IsParameterised: false },
];

afterEach(() => {
  vi.unstubAllGlobals();
  dialogs.closeAll();
});

describe('the permissions list', () => {
  it('offers Edit on every row and Delete only on a permission of the installation', async () => {
    openAdminScreen('/admin/permissions', {
      entity: permissionEntity,
      permissions: ['ManagePermissions'],
      handlers: { 'GET /odata/PermissionsOData': () => ({ '@odata.count': 2, value: rows }) },
    });
    const builtIn = (await screen.findByText('ManagePermissions')).closest('tr')!;
    const own = screen.getByText('InspectSites').closest('tr')!;
    expect(within(builtIn).getByRole('button', { name: 'Edit' })).toBeVisible();
    expect(within(builtIn).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(own).getByRole('button', { name: 'Edit' })).toBeVisible();
    expect(within(own).getByRole('button', { name: 'Delete' })).toBeVisible();
  });
});
