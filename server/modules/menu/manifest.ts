import type { ServerModule } from '../module';
import { menuSeed } from './reference-seed';
import { menuRoutes } from './routes/menu';

/** The menu: the signed-in user's menu and the menu editor's calls. */
export const menuModule: ServerModule = {
  name: 'menu',
  entityHooks: {},
  routes: menuRoutes,
  referenceSeed: menuSeed,
};
