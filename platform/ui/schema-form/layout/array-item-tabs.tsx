import { type ReactElement, useState } from 'react';
import { FormTabs } from './form-tabs';
import { errorsAt, hasErrors } from './has-errors';

interface ArrayItemTabsProps {
  /** The rendered items of the array field (RJSF's `items` of the array template). */
  items: readonly ReactElement[];
  /** The array's title: the name of its tab list. */
  label: string | undefined;
  errorSchema: unknown;
}

/**
 * The items of a list field as tabs (a `tabarray` control), each titled by its position; an
 * item added comes forward, and after a removal the nearest item does.
 */
export function ArrayItemTabs({ items, label, errorSchema }: ArrayItemTabsProps) {
  const [active, setActive] = useState(0);
  const [count, setCount] = useState(items.length);
  if (count !== items.length) {
    setCount(items.length);
    setActive(items.length > count ? items.length - 1 : Math.min(active, items.length - 1));
  }
  const tabs = items.map((item, index) => ({
    value: String(index),
    label: String(index + 1),
    hasErrors: hasErrors(errorsAt(errorSchema, index)),
    content: item,
  }));
  return (
    <FormTabs
      tabs={tabs}
      active={String(active)}
      onActivate={(value) => setActive(Number(value))}
      label={label}
    />
  );
}
