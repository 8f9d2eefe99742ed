import { vi } from 'vitest';

/**
 * Setup file of the component tests, whose files share a worker process and its jsdom window
 * (`isolate: false`): each file starts as in a new window, with real timers, no stubs, no
 * cookies or storage, the first address, an empty page. With fresh-modules.ts before it.
 */
const shared = globalThis as { firstAddress?: string };
shared.firstAddress ??= window.location.href;

vi.useRealTimers();
vi.unstubAllGlobals();
vi.unstubAllEnvs();
for (const cookie of document.cookie.split(';')) {
  const name = cookie.split('=')[0]?.trim();
  if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}
localStorage.clear();
sessionStorage.clear();
window.history.replaceState(null, '', shared.firstAddress);
document.title = '';
for (const attribute of [...document.documentElement.attributes]) {
  document.documentElement.removeAttribute(attribute.name);
}
document.body.replaceChildren();
for (const attribute of [...document.body.attributes]) {
  document.body.removeAttribute(attribute.name);
}
