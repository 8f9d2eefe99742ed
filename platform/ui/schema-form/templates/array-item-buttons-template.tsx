import type { ArrayFieldItemButtonsTemplateProps } from '@rjsf/utils';
import { buttonId } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { itemWords } from './array-item-name';

/**
 * The buttons of one item of a list field, each named for its item (`Remove contact 2`);
 * nothing when the form is read-only.
 */
export function ArrayItemButtonsTemplate(props: ArrayFieldItemButtonsTemplateProps) {
  const { disabled, readonly, hasCopy, hasMoveDown, hasMoveUp, hasRemove, fieldPathId } = props;
  const { onCopyItem, onRemoveItem, onMoveDownItem, onMoveUpItem, registry, uiSchema } = props;
  const { t } = useTranslation();
  if (readonly) return null;
  const { CopyButton, MoveDownButton, MoveUpButton, RemoveButton } =
    registry.templates.ButtonTemplates;
  const index = Number(fieldPathId.path.at(-1) ?? 0);
  const title = uiSchema?.['ui:title'];
  const words = itemWords(typeof title === 'string' && title ? title : t('FORM.ITEM'), index);
  const common = { uiSchema, registry };
  const label = (key: string) => {
    const text = t(key, words);
    return { title: text, 'aria-label': text };
  };

  return (
    <>
      {(hasMoveUp || hasMoveDown) && (
        <MoveUpButton
          id={buttonId(fieldPathId, 'moveUp')}
          disabled={disabled || !hasMoveUp}
          onClick={onMoveUpItem}
          {...label('FORM.MOVE_ITEM_UP')}
          {...common}
        />
      )}
      {(hasMoveUp || hasMoveDown) && (
        <MoveDownButton
          id={buttonId(fieldPathId, 'moveDown')}
          disabled={disabled || !hasMoveDown}
          onClick={onMoveDownItem}
          {...label('FORM.MOVE_ITEM_DOWN')}
          {...common}
        />
      )}
      {hasCopy && (
        <CopyButton
          id={buttonId(fieldPathId, 'copy')}
          disabled={disabled}
          onClick={onCopyItem}
          {...label('FORM.COPY_ITEM')}
          {...common}
        />
      )}
      {hasRemove && (
        <RemoveButton
          id={buttonId(fieldPathId, 'remove')}
          disabled={disabled}
          onClick={onRemoveItem}
          {...label('FORM.REMOVE_ITEM')}
          {...common}
        />
      )}
    </>
  );
}
