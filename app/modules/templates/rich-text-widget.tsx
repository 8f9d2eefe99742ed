import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { RichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import Link from '@tiptap/extension-link';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TemplateWidgetProps } from './insertion-targets';

/** Link addresses a mail may hold (the server sanitises to the same rule). */
const allowedHref = /^(https?:\/\/|mailto:)|^\{\{\s*[A-Za-z][\w.]*\s*\}\}$/i;

function useLabels(): Partial<RichTextEditorLabels> {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      boldControlLabel: t('TEMPLATES.EDITOR.BOLD'),
      italicControlLabel: t('TEMPLATES.EDITOR.ITALIC'),
      underlineControlLabel: t('TEMPLATES.EDITOR.UNDERLINE'),
      strikeControlLabel: t('TEMPLATES.EDITOR.STRIKE'),
      clearFormattingControlLabel: t('TEMPLATES.EDITOR.CLEAR_FORMATTING'),
      h2ControlLabel: t('TEMPLATES.EDITOR.HEADING'),
      h3ControlLabel: t('TEMPLATES.EDITOR.SUBHEADING'),
      bulletListControlLabel: t('TEMPLATES.EDITOR.BULLET_LIST'),
      orderedListControlLabel: t('TEMPLATES.EDITOR.ORDERED_LIST'),
      blockquoteControlLabel: t('TEMPLATES.EDITOR.QUOTE'),
      linkControlLabel: t('TEMPLATES.EDITOR.LINK'),
      unlinkControlLabel: t('TEMPLATES.EDITOR.UNLINK'),
      linkEditorInputLabel: t('TEMPLATES.EDITOR.LINK_ADDRESS'),
      linkEditorInputPlaceholder: 'https://',
      linkEditorSave: t('TEMPLATES.EDITOR.LINK_SAVE'),
      linkEditorExternalLink: t('TEMPLATES.EDITOR.LINK_NEW_TAB'),
      linkEditorInternalLink: t('TEMPLATES.EDITOR.LINK_SAME_TAB'),
      undoControlLabel: t('TEMPLATES.EDITOR.UNDO'),
      redoControlLabel: t('TEMPLATES.EDITOR.REDO'),
    }),
    [t],
  );
}

/**
 * A template body edited as formatted text (Mantine's TipTap editor): what it writes back is
 * HTML with the formatting a mail keeps; `{{Parameter}}` placeholders are plain text in it, and
 * a clicked parameter is inserted at the caret (see InsertionTargets).
 */
export default function RichTextWidget(props: TemplateWidgetProps) {
  const { id, label, value, required, readonly, disabled, rawErrors, onChange } = props;
  const targets = props.registry.formContext?.insertionTargets;
  const editable = !readonly && !disabled;
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false }),
      Link.configure({
        openOnClick: false,
        autolink: false,
        HTMLAttributes: { target: null, rel: null, class: null },
        isAllowedUri: (url) => allowedHref.test(url.trim()),
      }),
    ],
    content: typeof value === 'string' ? value : '',
    editable,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: { attributes: { 'aria-labelledby': `${id}-label`, id } },
    onUpdate: ({ editor: changed }) => onChange(changed.isEmpty ? undefined : changed.getHTML()),
    onFocus: () => targets?.focused('Body'),
  });

  useEffect(() => {
    if (!editor || !targets) return;
    return targets.register('Body', {
      insert: (text) => editor.chain().focus().insertContent(text).run(),
    });
  }, [editor, targets]);

  useEffect(() => editor?.setEditable(editable), [editor, editable]);

  const error = rawErrors?.length ? rawErrors.join('\n') : undefined;
  return (
    <Input.Wrapper id={`${id}-label`} label={label} required={required} error={error}>
      <RichTextEditor editor={editor} labels={useLabels()} mt={4}>
        {editable && (
          <RichTextEditor.Toolbar>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Bold />
              <RichTextEditor.Italic />
              <RichTextEditor.Underline />
              <RichTextEditor.Strikethrough />
              <RichTextEditor.ClearFormatting />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.H2 />
              <RichTextEditor.H3 />
              <RichTextEditor.BulletList />
              <RichTextEditor.OrderedList />
              <RichTextEditor.Blockquote />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Link />
              <RichTextEditor.Unlink />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Undo />
              <RichTextEditor.Redo />
            </RichTextEditor.ControlsGroup>
          </RichTextEditor.Toolbar>
        )}
        <RichTextEditor.Content mih={220} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
