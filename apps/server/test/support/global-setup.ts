import { buildTemplates } from './database-templates.ts';

/** The server project's databases are copies of templates: built here once, before any file runs. */
export default async function setup(): Promise<void> {
  await buildTemplates();
}
