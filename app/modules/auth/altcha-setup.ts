// The widget without its inline workers, so the workers load as same-origin files and the
// Content-Security-Policy needs no `blob:` workers.
import 'altcha/external';
import Argon2idWorker from 'altcha/workers/argon2id?worker';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import ScryptWorker from 'altcha/workers/scrypt?worker';
import ShaWorker from 'altcha/workers/sha?worker';
// Raw, not through the CSS pipeline: the build rewrites light-dark() colours into
// variables that only a literal `color-scheme` rule sets, and the widget lost its borders.
import altchaCss from 'altcha/altcha.css?raw';

const workers: Record<string, () => Worker> = {
  'PBKDF2/SHA-256': () => new Pbkdf2Worker(),
  'PBKDF2/SHA-384': () => new Pbkdf2Worker(),
  'PBKDF2/SHA-512': () => new Pbkdf2Worker(),
  'SHA-256': () => new ShaWorker(),
  'SHA-384': () => new ShaWorker(),
  'SHA-512': () => new ShaWorker(),
  ARGON2ID: () => new Argon2idWorker(),
  SCRYPT: () => new ScryptWorker(),
};

for (const [algorithm, create] of Object.entries(workers)) {
  globalThis.$altcha.algorithms.set(algorithm, create);
}

const styleId = 'altcha-css';
if (!document.getElementById(styleId)) {
  const style = document.createElement('style');
  style.id = styleId;
  style.textContent = altchaCss;
  document.head.append(style);
}
