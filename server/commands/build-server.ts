import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, serverBuild } from '../build/server-build';

/** `npm run build`, after the browser app: bundles the server into `dist/server`, always. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
await buildServer(root);
console.log(`Built the server into ${serverBuild.outDir}.`);
