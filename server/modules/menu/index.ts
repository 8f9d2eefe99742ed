/** The menu module's door: what other parts of the server may use. */
export { insertMissingMenuItems, moveMenuTargets } from './menu-repository';
