import type { TemplateSet } from './test-templates';

interface SharedTemplates {
  ready: Promise<{ set: TemplateSet; dispose(): Promise<void> }>;
  users: number;
}

/** Both integration projects run this setup in the one main process: they share one build. */
const shared = globalThis as { asphaltTestTemplates?: SharedTemplates };

/**
 * Vitest global setup of the integration tests: builds the run's template databases once
 * (migrated, with reference data, with demo data; see test-templates.ts), hands them to the
 * test workers through an environment variable, and removes them when the run ends.
 */
export default async function setup(): Promise<() => Promise<void>> {
  if (!shared.asphaltTestTemplates) {
    // The templates are made in this (the main) process, which `test.env` does not reach:
    // the demo accounts' shared hash must be as cheap as those the workers make. Set before
    // the server's modules load (the hash cost is read once, at load).
    process.env.PASSWORD_HASH_COST ??= 'test';
    const ready = import('./test-templates').then(async ({ buildTemplates }) =>
      buildTemplates(process.env.TEST_DATABASE_URL),
    );
    shared.asphaltTestTemplates = { ready, users: 0 };
  }
  const templates = shared.asphaltTestTemplates;
  templates.users += 1;
  const { set } = await templates.ready;
  const { templatesVariable } = await import('./test-templates');
  process.env[templatesVariable] = JSON.stringify(set);
  return async () => {
    templates.users -= 1;
    if (templates.users > 0) return;
    delete shared.asphaltTestTemplates;
    delete process.env[templatesVariable];
    await (await templates.ready).dispose();
  };
}
