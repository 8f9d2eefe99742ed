import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../config/config';
import { connectDatabase } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import type { OutcodeCentroid } from '../modules/places/index';
import { parseOutcodeCsv, storeOutcodeCentroids } from '../modules/places/index';

const usage = 'Usage: npm run import:outcodes -- path/to/outcodes.csv';
const rejectionsShown = 20;

/**
 * Loads postcode district centroids from a CSV file into the configured database (the
 * server's: DATABASE_URL, else the embedded one under DATA_DIR). Exits 1 when the file cannot
 * be read or holds no valid row.
 */
async function main([file, ...rest]: string[]): Promise<number> {
  if (!file || rest.length > 0) {
    console.error(usage);
    return 1;
  }
  let text: string;
  try {
    // npm runs scripts from the project folder; the path is relative to where it was typed.
    text = await readFile(path.resolve(process.env.INIT_CWD ?? '.', file), 'utf8');
  } catch (error) {
    console.error(`Cannot read ${file}: ${(error as Error).message}`);
    return 1;
  }
  const { centroids, rejected } = parseOutcodeCsv(text);
  let imported = 0;
  if (centroids.length > 0) imported = await store(centroids);
  console.log(`Imported ${imported} outcode centroids; rejected ${rejected.length} rows.`);
  for (const { line, reason } of rejected.slice(0, rejectionsShown)) {
    console.log(`  line ${line}: ${reason}`);
  }
  if (rejected.length > rejectionsShown) {
    console.log(`  ... and ${rejected.length - rejectionsShown} more`);
  }
  if (imported > 0) return 0;
  console.error(`No valid outcode rows in ${file}; the database is unchanged.`);
  return 1;
}

async function store(centroids: OutcodeCentroid[]): Promise<number> {
  const config = loadConfig();
  const database = await connectDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    statementTimeoutMs: config.statementTimeoutMs,
    poolSize: 1,
  });
  try {
    await migrateToLatest(database.db);
    return await storeOutcodeCentroids(database.db, centroids);
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
