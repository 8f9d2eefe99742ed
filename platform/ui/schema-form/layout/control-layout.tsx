import { Box, Fieldset, Group, Stack, Title, type TitleOrder } from '@mantine/core';
import type { ObjectFieldTemplatePropertyType } from '@rjsf/utils';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormTabs } from './form-tabs';
import { errorsAt, hasErrors } from './has-errors';
import { type LayoutNode, namesIn } from './layout-node';

interface LayoutProps {
  nodes: readonly LayoutNode[];
  /** The object's rendered properties by name (RJSF's `properties` of the object template). */
  fields: ReadonlyMap<string, ObjectFieldTemplatePropertyType>;
  /** The object's errors, to mark the tabs holding a field in error. */
  errorSchema: unknown;
  /** The level of a section's heading here: 2 at the form's root, one more in a section. */
  headingLevel: number;
}

type PartProps<Kind extends LayoutNode['kind']> = Omit<LayoutProps, 'nodes'> & {
  node: Extract<LayoutNode, { kind: Kind }>;
};

const headingOrder = (level: number) => Math.min(level, 6) as TitleOrder;

function FieldPart({ node, fields }: PartProps<'field'>) {
  const property = fields.get(node.name);
  if (!property) return null;
  return <Box display={property.hidden ? 'none' : undefined}>{property.content}</Box>;
}

function SectionPart({ node, ...props }: PartProps<'section'>) {
  const { t } = useTranslation();
  const headingId = useId();
  if (!node.title) return <LayoutStack nodes={node.children} {...props} />;
  return (
    <Stack component="section" gap="md" aria-labelledby={headingId}>
      <Title id={headingId} order={headingOrder(props.headingLevel)} size="h4">
        {t(node.title)}
      </Title>
      <LayoutStack nodes={node.children} {...props} headingLevel={props.headingLevel + 1} />
    </Stack>
  );
}

function FieldsetPart({ node, ...props }: PartProps<'fieldset'>) {
  const { t } = useTranslation();
  return (
    <Fieldset legend={node.title ? t(node.title) : undefined}>
      <LayoutStack nodes={node.children} {...props} />
    </Fieldset>
  );
}

function ActionsPart({ node, ...props }: PartProps<'actions'>) {
  return (
    <Group gap="md" align="flex-start" grow>
      <LayoutParts nodes={node.children} {...props} />
    </Group>
  );
}

function TabsPart({ node, ...props }: PartProps<'tabs'>) {
  const { t } = useTranslation();
  const [active, setActive] = useState(node.tabs[0]?.id ?? '');
  const tabs = node.tabs.map((tab, index) => ({
    value: tab.id,
    label: tab.title ? t(tab.title) : t('FORM.TAB', { number: index + 1 }),
    hasErrors: namesIn(tab.children).some((name) => hasErrors(errorsAt(props.errorSchema, name))),
    content: <LayoutStack nodes={tab.children} {...props} />,
  }));
  return <FormTabs tabs={tabs} active={active} onActivate={setActive} />;
}

function LayoutPart({ node, ...props }: Omit<LayoutProps, 'nodes'> & { node: LayoutNode }) {
  switch (node.kind) {
    case 'field':
      return <FieldPart node={node} {...props} />;
    case 'section':
      return <SectionPart node={node} {...props} />;
    case 'fieldset':
      return <FieldsetPart node={node} {...props} />;
    case 'actions':
      return <ActionsPart node={node} {...props} />;
    case 'tabs':
      return <TabsPart node={node} {...props} />;
  }
}

function LayoutParts({ nodes, ...props }: LayoutProps) {
  return nodes.map((node) => (
    <LayoutPart
      key={node.kind === 'field' ? `field:${node.name}` : node.id}
      node={node}
      {...props}
    />
  ));
}

function LayoutStack(props: LayoutProps) {
  return (
    <Stack gap="md">
      <LayoutParts {...props} />
    </Stack>
  );
}

/**
 * An object's fields drawn in the containers of its control tree (`ui:controlLayout`): sections
 * (under a heading when titled), fieldsets (with their title as legend), tab groups and rows of
 * actions; each field where its control is. Properties no control places are not drawn.
 */
export function ControlLayout(props: LayoutProps) {
  return <LayoutParts {...props} />;
}
