import type { EmailTemplateSeed } from './email-templates-repository';

const templates = new Map<string, EmailTemplateSeed>();

/**
 * Adds the mails a module sends to the process's registry: seeded per language, and the
 * release's own text when not even a default-language row is stored. Idempotent.
 */
export function registerMailTemplates(seeds: readonly EmailTemplateSeed[]): void {
  for (const seed of seeds) templates.set(`${seed.code}/${seed.languageId}`, seed);
}

/** Every registered template, in the order the modules brought them. */
export const registeredMailTemplates = (): EmailTemplateSeed[] => [...templates.values()];

/** The release's own text of a template, for when not even its default-language row exists. */
export const builtInTemplate = (code: string): EmailTemplateSeed | undefined =>
  registeredMailTemplates().find((template) => template.code === code);
