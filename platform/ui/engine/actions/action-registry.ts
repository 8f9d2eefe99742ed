import type { TFunction } from 'i18next';
import type { ComponentType, ReactNode } from 'react';

/** Where an action is drawn: above a list (toolbar), on each of its rows, or both. */
export type ActionPlace = 'toolbar' | 'row' | 'both';

/** What an action's button looks like (Mantine Button props). */
export interface ActionLook {
  variant?: 'filled' | 'light' | 'default' | 'subtle' | 'outline';
  color?: string;
}

/**
 * One thing a user can do, registered by id. The screen that draws it hands every callback
 * the same context (for a grid, `GridActionContext`; for a designer, `DesignerActionContext`).
 *
 * @example
 * actionRegistry.register<GridActionContext>({
 *   id: 'jobs.runNow',
 *   surface: 'grid',
 *   where: 'toolbar',
 *   label: 'JOBS.RUN_NOW',
 *   predicate: ({ page }) => page.DataSourceName === 'Jobs',
 *   perform: async ({ reload }) => { await runJobs(); reload(); },
 * });
 */
export interface Action<Context> {
  /** Unique id; a grid page definition names a grid action by it (its `Type`). */
  id: string;
  /** The kind of screen that draws it (`grid`, `designer`, or a module's own, `deliveries.home`). */
  surface: string;
  where: ActionPlace;
  /** Translation key of the button's text, or the text made from the context. */
  label: string | ((context: Context, t: TFunction) => string);
  icon?: ComponentType<{ size?: number }>;
  look?: ActionLook | ((context: Context) => ActionLook);
  /** Whether the action is offered in this context at all (default: yes). */
  predicate?(context: Context): boolean;
  /** Whether the button can be clicked now (default: yes). */
  enabled?(context: Context): boolean;
  /** Shows the button as working (default: no). */
  busy?(context: Context): boolean;
  perform(context: Context): void | Promise<unknown>;
  /** Draws the action its own way (a download button, a menu) in place of a button. */
  render?: (props: { context: Context }) => ReactNode;
}

// Actions of every surface share one map; callers read them with the context type of the
// surface that draws them, which the registration made with the same type.
type StoredAction = Action<never>;

/**
 * Actions by id, in registration order (as Excalidraw's `ActionManager.registerAction`).
 * Registering another action under a taken id warns and replaces the earlier one.
 */
export class ActionRegistry {
  private readonly actions = new Map<string, StoredAction>();

  register<Context>(action: Action<Context>): this {
    const earlier = this.actions.get(action.id);
    if (earlier && earlier !== action) {
      console.warn(`Action "${action.id}" replaces an earlier action of the same id.`);
    }
    this.actions.set(action.id, action as StoredAction);
    return this;
  }

  registerAll<Context>(actions: readonly Action<Context>[]): this {
    for (const action of actions) this.register(action);
    return this;
  }

  /** The action of an id; undefined (and a warning) for an id nobody registered. */
  get<Context>(id: string): Action<Context> | undefined {
    const action = this.actions.get(id);
    if (!action) console.warn(`No action is registered as "${id}".`);
    return action as Action<Context> | undefined;
  }

  has(id: string): boolean {
    return this.actions.has(id);
  }

  unregister(id: string): void {
    this.actions.delete(id);
  }

  /** The actions of a surface drawn at a place (`both` counts for either), in registration order. */
  list<Context>(surface: string, place: 'toolbar' | 'row'): Action<Context>[] {
    return [...this.actions.values()].filter(
      (action) => action.surface === surface && (action.where === place || action.where === 'both'),
    ) as Action<Context>[];
  }
}

/** The application's action registry: the platform's own actions and every module's. */
export const actionRegistry = new ActionRegistry();
