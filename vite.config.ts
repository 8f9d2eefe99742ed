import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const serverUrl = process.env.VITE_SERVER_URL ?? 'http://localhost:8080';

export default defineConfig({
  root: 'app',
  publicDir: 'public',
  plugins: [react()],
  build: {
    outDir: '../dist/app',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    proxy: {
      '/api': serverUrl,
      '/odata': serverUrl,
      '/health': serverUrl,
    },
  },
});
