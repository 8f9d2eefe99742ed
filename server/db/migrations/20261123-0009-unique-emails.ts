import { type Kysely, sql } from 'kysely';

// Frozen in time: this file must not import application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  // An address held by two accounts cannot be made unique without choosing whose it is:
  // stop here, naming them, rather than take the address from someone silently.
  const { rows } = await sql<{ address: string; names: string }>`
    select lower(email) as address, string_agg(name, ', ' order by id) as names
    from users where email <> '' group by lower(email) having count(*) > 1
    order by lower(email)`.execute(db);
  if (rows.length > 0) {
    const list = rows.map((row) => `${row.address} (${row.names})`).join('; ');
    throw new Error(
      `Each e-mail address must belong to one account; give these accounts their own addresses (or none) and start again: ${list}`,
    );
  }
  await sql`create unique index users_email_lower_idx on users (lower(email)) where email <> ''`.execute(
    db,
  );

  // Null while a self-registered account waits for the mailed confirmation link. The default
  // fills every existing account: they count as confirmed, as do accounts made by other means.
  await sql`alter table users add column email_confirmed_at timestamptz default now()`.execute(db);

  await sql`alter table account_tickets drop constraint account_tickets_purpose_check`.execute(db);
  await sql`alter table account_tickets add constraint account_tickets_purpose_check
    check (purpose in ('reset', 'register', 'confirm'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from account_tickets where purpose = 'confirm'`.execute(db);
  await sql`alter table account_tickets drop constraint account_tickets_purpose_check`.execute(db);
  await sql`alter table account_tickets add constraint account_tickets_purpose_check
    check (purpose in ('reset', 'register'))`.execute(db);
  await sql`alter table users drop column email_confirmed_at`.execute(db);
  await sql`drop index if exists users_email_lower_idx`.execute(db);
}
