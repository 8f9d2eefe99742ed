import type { CurrentUser } from '#metadata';

/** A signed-in member of staff, as the server describes them; override what a test needs. */
export function aSignedInUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    Id: 7,
    Name: 'jo',
    FirstName: 'Jo',
    Surname: 'Bloggs',
    FullName: 'Jo Bloggs',
    Email: 'jo@example.com',
    IsAdmin: false,
    Language: null,
    ...overrides,
  };
}
