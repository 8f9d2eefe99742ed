import react from '@vitejs/plugin-react';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import {
  appBuildOutDir,
  fingerprintSources,
  writeBuildStamp,
} from './server/build/app-build-stamp.ts';
import { precompressDirectory } from './server/build/precompress.ts';

const serverUrl = process.env.VITE_SERVER_URL ?? 'http://localhost:8080';
const projectRoot = path.dirname(fileURLToPath(import.meta.url));

/**
 * After a build: brotli and gzip copies of the text files for the server to send as they are,
 * then the stamp `npm start` compares with the sources to skip a build nothing needs. The
 * fingerprint is taken before any source is read, so an edit during the build shows next time.
 */
function buildOutput(): Plugin {
  let outDir = '';
  let fingerprint: string | null = null;
  return {
    name: 'asphalt-build-output',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async buildStart() {
      fingerprint = await fingerprintSources(projectRoot);
    },
    async writeBundle() {
      await precompressDirectory(outDir);
      if (fingerprint) await writeBuildStamp(outDir, fingerprint);
    },
  };
}

export default defineConfig({
  root: 'app',
  publicDir: 'public',
  plugins: [react(), buildOutput()],
  build: {
    outDir: path.join(projectRoot, appBuildOutDir),
    emptyOutDir: true,
    sourcemap: true,
    // The plugin above writes the real compressed files; Vite's own gzip estimate would only
    // compress everything once more.
    reportCompressedSize: false,
  },
  server: {
    proxy: {
      '/api': serverUrl,
      '/odata': serverUrl,
      '/health': serverUrl,
    },
  },
});
