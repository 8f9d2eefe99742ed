import { Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { TemplateWidgetProps } from './insertion-targets';
import { PlaceholderTextWidget } from './placeholder-text-widget';

// The editor (TipTap and ProseMirror) loads with the screen that draws it, not at start-up.
const RichText = lazy(() => import('./rich-text-widget'));

function RichTextWidget(props: TemplateWidgetProps) {
  return (
    <Suspense fallback={<Loader type="dots" />}>
      <RichText {...props} />
    </Suspense>
  );
}

/** The widgets a template's form names (`ui:widget`): the body editor and the subject line. */
export const templateWidgets = {
  richText: RichTextWidget,
  placeholderText: PlaceholderTextWidget,
};
