import { vi } from 'vitest';

/**
 * Setup file of the projects whose test files share a worker process (`isolate: false`): each
 * file starts with fresh copies of our modules, as in a process of its own, so that no module
 * state (caches, counters) carries over from the file before. Packages from node_modules stay
 * loaded (PGlite's compiled WebAssembly above all), which is what makes sharing pay.
 * Module mocks (`vi.mock`) would carry over: files using them run isolated (vitest.config.ts).
 */
vi.resetModules();
