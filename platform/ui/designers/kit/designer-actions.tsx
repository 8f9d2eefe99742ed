import { Group } from '@mantine/core';
import { dialogs } from '../../dialogs';
import { ActionButtons } from '../../engine/actions/action-buttons';
import { type Action, actionRegistry } from '../../engine/actions/action-registry';
import { failureText } from '../../engine/failure-text';

/** The surface of the designers' own actions (Delete, Cancel, Save). */
export const designerSurface = 'designer';

/** What a designer's actions are given: its state, its questions and its means. */
export interface DesignerActionContext {
  /** Only looking: Cancel reads Back and there is no Save. */
  readOnly: boolean;
  busy: boolean;
  /** Unsaved changes: Cancel asks before it leaves. */
  dirty: boolean;
  canSave: boolean;
  canCancel: boolean;
  canDelete: boolean;
  /** Translation key of the Delete button (and of the question's OK). */
  deleteLabel: string;
  /** The translated questions asked before deleting and before dropping changes. */
  deleteConfirm: string;
  discardConfirm: string;
  /** Deletes what is designed (rejects with the server's refusal). */
  remove(): Promise<unknown>;
  save(): void;
  /** Leaves the designer (to its list), or drops the changes. */
  leave(): void;
  /** Translates a key (the designer's own `t`). */
  t(key: string): string;
}

type DesignerAction = Action<DesignerActionContext>;

async function deleteDesigned(context: DesignerActionContext) {
  const { t } = context;
  const okLabel = t(context.deleteLabel);
  if (!(await dialogs.confirm(context.deleteConfirm, { okLabel }))) return;
  try {
    await context.remove();
  } catch (error) {
    // E.g. a built-in page, or the grid pages that show a data source: the server says why.
    await dialogs.warning(failureText(error, t('ENGINE.DELETE_FAILED')));
    return;
  }
  dialogs.success(t('ENGINE.DELETED'));
  context.leave();
}

async function cancel(context: DesignerActionContext) {
  if (context.dirty && !(await dialogs.confirm(context.discardConfirm))) return;
  context.leave();
}

/** The designers' actions: the platform's own, registered by id. */
export const designerActions: readonly DesignerAction[] = [
  {
    id: 'designer.delete',
    surface: designerSurface,
    where: 'toolbar',
    label: (context, t) => t(context.deleteLabel),
    look: { color: 'red', variant: 'light' },
    predicate: (context) => context.canDelete,
    enabled: (context) => !context.busy,
    perform: deleteDesigned,
  },
  {
    id: 'designer.cancel',
    surface: designerSurface,
    where: 'toolbar',
    label: (context, t) => t(context.readOnly ? 'FORM.BACK' : 'FORM.CANCEL'),
    look: { variant: 'default' },
    enabled: (context) => context.canCancel,
    perform: cancel,
  },
  {
    id: 'designer.save',
    surface: designerSurface,
    where: 'toolbar',
    label: 'FORM.SAVE',
    predicate: (context) => !context.readOnly,
    enabled: (context) => context.canSave,
    busy: (context) => context.busy,
    perform: (context) => context.save(),
  },
];

actionRegistry.registerAll(designerActions);

const allIds = designerActions.map((action) => action.id);

/**
 * The row of a designer's actions (Delete, Cancel, Save by default), at its foot.
 *
 * @example <DesignerActionBar context={context} ids={['designer.cancel', 'designer.save']} />
 */
export function DesignerActionBar({
  context,
  ids = allIds,
}: {
  context: DesignerActionContext;
  ids?: readonly string[];
}) {
  return (
    <Group justify="flex-end" gap="sm">
      <ActionButtons ids={ids} context={context} />
    </Group>
  );
}
