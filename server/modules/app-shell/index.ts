/** The app shell's door: the screens' routes, as the browser gets them. */
export { registerScreenRoutes, screenRoutes } from './screen-routes';
