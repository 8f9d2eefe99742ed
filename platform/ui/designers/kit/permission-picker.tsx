import { Alert, MultiSelect, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import { AdvancedPart } from './advanced-part';
import { useTranslation } from 'react-i18next';
import { http } from '../../http';
import { choiceOf, expressionOf, type PermissionChoice } from './permission-choice';

interface PermissionOption {
  Code: string;
  Name: string;
}

/** The installation's permissions (empty when they cannot be read: the text is left then). */
function usePermissionOptions() {
  const [options, setOptions] = useState<PermissionOption[] | null>(null);
  useEffect(() => {
    let live = true;
    http
      .get<PermissionOption[]>('/api/permissions/GetAllPermissions', { errorHandling: 'none' })
      .then(
        (list) => live && setOptions(Array.isArray(list) ? list : []),
        () => live && setOptions([]),
      );
    return () => {
      live = false;
    };
  }, []);
  return options;
}

export interface PermissionPickerProps {
  /** What the picker is about, as its group's label ("Who may see the page"). */
  label: string;
  value: string;
  onChange(expression: string): void;
  readOnly?: boolean;
  error?: string;
}

/**
 * Who may see something, picked from the permissions: everyone signed in, or only holders of
 * some, except holders of others. The permission expression it makes is under "Advanced",
 * editable; an expression the picker cannot show says so, and the text is what counts.
 */
export function PermissionPicker({
  label,
  value,
  onChange,
  readOnly,
  error,
}: PermissionPickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const options = usePermissionOptions();
  // "Only holders of…" with none picked yet adds nothing to the expression: the choice is kept
  // here until a permission is picked, or the list would fall back to "Everyone signed in".
  const [onlyPending, setOnlyPending] = useState(false);
  const read = choiceOf(value);
  const choice: PermissionChoice | null =
    read && read.mode === 'everyone' && onlyPending ? { ...read, mode: 'only' } : read;
  const [advanced, setAdvanced] = useState(false);
  const showText = advanced || choice === null || Boolean(error);
  const set = (next: PermissionChoice) => {
    setOnlyPending(next.mode === 'only' && next.only.length === 0);
    onChange(expressionOf(next));
  };
  const known = new Set((options ?? []).map((option) => option.Code.toLowerCase()));
  const data = [
    ...(options ?? []).map((option) => ({ value: option.Code, label: option.Name || option.Code })),
    // A code the list does not have (yet) is still shown.
    ...[...(choice?.only ?? []), ...(choice?.except ?? [])]
      .filter((code) => !known.has(code.toLowerCase()))
      .map((code) => ({ value: code, label: code })),
  ].filter((item, index, all) => all.findIndex((other) => other.value === item.value) === index);
  return (
    <Stack gap="xs" role="group" aria-labelledby={`${id}-label`}>
      <Text size="sm" fw={500} id={`${id}-label`}>
        {label}
      </Text>
      {choice ? (
        <>
          <SegmentedControl
            aria-label={label}
            value={choice.mode}
            disabled={readOnly}
            data={[
              { value: 'everyone', label: t('DESIGNER_KIT.WHO.EVERYONE') },
              { value: 'only', label: t('DESIGNER_KIT.WHO.ONLY') },
            ]}
            onChange={(mode) => set({ ...choice, mode: mode as PermissionChoice['mode'] })}
            style={{ alignSelf: 'flex-start' }}
          />
          {choice.mode === 'only' && (
            <MultiSelect
              label={t('DESIGNER_KIT.WHO.ONLY_LIST')}
              data={data}
              value={choice.only}
              onChange={(only) => set({ ...choice, only })}
              searchable
              readOnly={readOnly}
              placeholder={choice.only.length ? undefined : t('DESIGNER_KIT.WHO.PICK')}
            />
          )}
          <MultiSelect
            label={t('DESIGNER_KIT.WHO.EXCEPT')}
            data={data}
            value={choice.except}
            onChange={(except) => set({ ...choice, except })}
            searchable
            readOnly={readOnly}
            placeholder={choice.except.length ? undefined : t('DESIGNER_KIT.WHO.NOBODY')}
          />
        </>
      ) : (
        <Alert color="orange" p="xs">
          {t('DESIGNER_KIT.WHO.UNREADABLE')}
        </Alert>
      )}
      <AdvancedPart open={showText} onToggle={setAdvanced}>
        <TextInput
          label={t('DESIGNER_KIT.WHO.EXPRESSION', { what: label })}
          description={t('DESIGNER_KIT.WHO.EXPRESSION_HELP')}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          error={error}
          readOnly={readOnly}
          maxLength={500}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
      </AdvancedPart>
    </Stack>
  );
}
