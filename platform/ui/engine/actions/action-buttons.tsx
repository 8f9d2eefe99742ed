import { Button } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { type Action, actionRegistry, type ActionRegistry } from './action-registry';

export interface ActionButtonsProps<Context> {
  /** The context every action of the row of buttons is given. */
  context: Context;
  /** The actions to draw, in this order; an id nobody registered is skipped (with a warning). */
  ids?: readonly string[];
  /** Without `ids`: every action of this surface at this place whose predicate holds. */
  surface?: string;
  place?: 'toolbar' | 'row';
  size?: 'xs' | 'sm';
  registry?: ActionRegistry;
}

/** One registered action as a button (or as the action draws itself). */
export function ActionButton<Context>({
  action,
  context,
  size = 'sm',
}: {
  action: Action<Context>;
  context: Context;
  size?: 'xs' | 'sm';
}) {
  const { t } = useTranslation();
  if (action.render) {
    const Render = action.render;
    // An action may draw itself with code it loads on first use.
    return (
      <Suspense fallback={null}>
        <Render context={context} />
      </Suspense>
    );
  }
  const label = typeof action.label === 'string' ? t(action.label) : action.label(context, t);
  const look = typeof action.look === 'function' ? action.look(context) : action.look;
  const Icon = action.icon;
  return (
    <Button
      size={size}
      variant={look?.variant}
      color={look?.color}
      leftSection={Icon && <Icon size={14} />}
      disabled={action.enabled ? !action.enabled(context) : false}
      loading={action.busy?.(context) ?? false}
      onClick={() => void action.perform(context)}
    >
      {label}
    </Button>
  );
}

/**
 * Registered actions drawn as buttons: the ones named by `ids`, or every action of a
 * surface and place; those whose predicate refuses the context are left out.
 *
 * @example
 * <ActionButtons ids={['designer.delete', 'designer.cancel', 'designer.save']} context={context} />
 */
export function ActionButtons<Context>({
  context,
  ids,
  surface,
  place = 'toolbar',
  size,
  registry = actionRegistry,
}: ActionButtonsProps<Context>) {
  const actions = ids
    ? ids.flatMap((id) => registry.get<Context>(id) ?? [])
    : surface
      ? registry.list<Context>(surface, place)
      : [];
  return (
    <>
      {actions
        .filter((action) => action.predicate?.(context) ?? true)
        .map((action) => (
          <ActionButton key={action.id} action={action} context={context} size={size} />
        ))}
    </>
  );
}
