import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ChangeLogItemCell } from '../../app/modules/admin/change-log-item-cell';
import { useSession } from '#platform/ui';
import { renderWithProviders } from '../support/render';

function signInWith(permissions: string[]) {
  useSession.setState({ user: null, permissions, authenticated: true, loaded: true });
}

function renderItem(entityType: string, id: unknown) {
  renderWithProviders(
    <MemoryRouter>
      <ChangeLogItemCell value={id} entityType={entityType} />
    </MemoryRouter>,
  );
}

afterEach(() =>
  useSession.setState({ user: null, permissions: [], authenticated: false, loaded: true }),
);

describe('audit log: the Item of an entry', () => {
  it('links to the row it describes when the reader may open it', () => {
    signInWith(['ManageUnits']);
    renderItem('Unit', 12);
    expect(screen.getByRole('link', { name: '12' })).toHaveAttribute('href', '/admin/units/12');
  });

  it('shows only the key when the reader may not open the row', () => {
    signInWith(['ViewAuditLog']);
    renderItem('Unit', 12);
    expect(screen.getByText('12')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows only the key when the type has no screen of its own', () => {
    signInWith(['ViewAuditLog', 'ManageUnits']);
    renderItem('ChangeLog', 3);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
