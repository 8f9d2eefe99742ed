import type { ComponentType } from 'react';

/** A screen: any component, including one made with `React.lazy`. Route params come from `useParams`. */
export type ScreenComponent = ComponentType;

/**
 * Screens by route name. Route definitions (from the server) name a screen; modules
 * register the implementation. A definition whose name has no screen is not routed.
 *
 * @example
 * const registry = new ScreenRegistry();
 * registry.register('home', HomePage);
 * registry.register('reports', lazy(() => import('./reports-page')));
 */
export class ScreenRegistry {
  private readonly screens = new Map<string, ScreenComponent>();

  /** Adds a screen; registering a name again replaces the earlier screen. */
  register(name: string, screen: ScreenComponent): this {
    this.screens.set(name, screen);
    return this;
  }

  get(name: string): ScreenComponent | undefined {
    return this.screens.get(name);
  }

  has(name: string): boolean {
    return this.screens.has(name);
  }

  /** Registered names, in registration order. */
  names(): string[] {
    return [...this.screens.keys()];
  }
}

/** The application's screen registry. */
export const screenRegistry = new ScreenRegistry();

/**
 * Registers a screen in the application's registry.
 *
 * @example registerScreen('unauthorized', UnauthorizedPage);
 */
export function registerScreen(
  name: string,
  screen: ScreenComponent,
  registry: ScreenRegistry = screenRegistry,
): void {
  registry.register(name, screen);
}
