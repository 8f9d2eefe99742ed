import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { startUnitsSourceReplay } from '../../support/units-source-replay';

/**
 * Runs `run` with the app's units sync pointed (as an administrator, through the settings
 * call) at a local recording system answering `csv` at `/units.csv`; points it nowhere again
 * afterwards. The page must be signed in as an administrator.
 */
export async function withUnitsSource(
  page: Page,
  csv: string,
  run: () => Promise<void>,
): Promise<void> {
  const source = await startUnitsSourceReplay();
  source.set('/units.csv', { status: 200, contentType: 'text/csv', body: csv });
  const save = (values: Record<string, unknown>) =>
    page.request.post('/api/settings/save', { data: { Values: values } });
  try {
    const pointed = await save({
      'Units.SyncSourceUrl': `${source.url}/units.csv`,
      'Units.SyncSourceFormat': 'csv',
    });
    expect(pointed.ok()).toBe(true);
    await run();
  } finally {
    await save({ 'Units.SyncSourceUrl': '' });
    await source.close();
  }
}
