import { Text } from '@mantine/core';
import { clipListText } from '#platform/ui';

/** A line of an audit log cell: cut to 32 characters (spec), the whole text in its tooltip. */
export function ClippedLine({ text }: { text: string }) {
  const clipped = clipListText(text);
  return (
    <Text size="sm" title={clipped.clipped ? text : undefined}>
      {clipped.text}
    </Text>
  );
}

/** A text column of the audit log, cut as its lines are. */
export function ChangeLogTextCell({ value }: { value: unknown }) {
  if (value === null || value === undefined || value === '') return null;
  return <ClippedLine text={String(value)} />;
}
