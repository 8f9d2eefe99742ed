import type { Migration, MigrationProvider } from 'kysely/migration';
import * as foundation from './20261121-0001-foundation';
import * as identity from './20261122-0002-identity';
import * as people from './20261122-0003-people';
import * as account from './20261122-0004-account';
import * as engine from './20261122-0005-engine';
import * as weatherSites from './20261123-0006-weather-sites';
import * as weatherForecasts from './20261123-0007-weather-forecasts';
import * as postcodeOutcodes from './20261123-0008-postcode-outcodes';
import * as uniqueEmails from './20261123-0009-unique-emails';
import * as permissionIds from './20261123-0011-permission-ids';
import * as ticketAddresses from './20261123-0012-ticket-addresses';
import * as deliveries from './20261124-0013-deliveries';
import * as deliverySortIndexes from './20261124-0014-delivery-sort-indexes';
import * as deliveryListIndexes from './20261124-0015-delivery-list-indexes';
import * as userTables from './20261126-0016-user-tables';
import * as gridPagePermission from './20261126-0017-grid-page-permission';
import * as accessRules from './20261126-0018-access-rules';
import * as menuItemIds from './20261126-0021-menu-item-ids';
import * as jobs from './20261128-0022-jobs';
import * as loginProvider from './20261128-0023-login-provider';
import * as loginEvent from './20261128-0024-login-event';
import * as gridPageCardFields from './20261129-0025-grid-page-card-fields';

/** Every migration, by name; names sort in the order they run. */
const migrations: Record<string, Migration> = {
  '20261121-0001-foundation': foundation,
  '20261122-0002-identity': identity,
  '20261122-0003-people': people,
  '20261122-0004-account': account,
  '20261122-0005-engine': engine,
  '20261123-0006-weather-sites': weatherSites,
  '20261123-0007-weather-forecasts': weatherForecasts,
  '20261123-0008-postcode-outcodes': postcodeOutcodes,
  '20261123-0009-unique-emails': uniqueEmails,
  '20261123-0011-permission-ids': permissionIds,
  '20261123-0012-ticket-addresses': ticketAddresses,
  '20261124-0013-deliveries': deliveries,
  '20261124-0014-delivery-sort-indexes': deliverySortIndexes,
  '20261124-0015-delivery-list-indexes': deliveryListIndexes,
  '20261126-0016-user-tables': userTables,
  '20261126-0017-grid-page-permission': gridPagePermission,
  '20261126-0018-access-rules': accessRules,
  '20261126-0021-menu-item-ids': menuItemIds,
  '20261128-0022-jobs': jobs,
  '20261128-0023-login-provider': loginProvider,
  '20261128-0024-login-event': loginEvent,
  '20261129-0025-grid-page-card-fields': gridPageCardFields,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
