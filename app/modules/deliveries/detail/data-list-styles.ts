/** A DataList label wider than its column wraps, so the values stay in one column. */
export const labelWraps = {
  itemLabel: { maxWidth: 'var(--data-list-label-width)', flex: 'none' },
} as const;
