import { Alert, Button, Group, Paper, Stack, TextInput, type TextInputProps } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface AccountFormProps {
  busy: boolean;
  /** Translation key of why the last submit failed, shown above the fields. */
  failure?: string | null;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  children: ReactNode;
}

/** The framed form of the account screens, busy while it submits. */
export function AccountForm({ busy, failure, onSubmit, children }: AccountFormProps) {
  const { t } = useTranslation();
  return (
    <Paper
      component="form"
      withBorder
      p="lg"
      radius="md"
      noValidate
      aria-busy={busy}
      onSubmit={(event) => void onSubmit(event)}
    >
      <Stack gap="md">
        {failure && (
          <Alert color="red" role="alert">
            {t(failure)}
          </Alert>
        )}
        {children}
      </Stack>
    </Paper>
  );
}

type AccountTextInputProps = Omit<TextInputProps, 'label' | 'error' | 'onChange'> & {
  /** Translation keys. */
  label: string;
  error?: string | undefined;
  onValueChange: (value: string) => void;
};

export function AccountTextInput({ label, error, onValueChange, ...props }: AccountTextInputProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t(label)}
      onChange={(event) => onValueChange(event.currentTarget.value)}
      error={error && t(error)}
      {...props}
    />
  );
}

interface CancelSubmitProps {
  busy: boolean;
  onCancel: () => void;
  /** Translation keys. */
  cancel: string;
  submit: string;
}

export function CancelSubmitButtons({ busy, onCancel, cancel, submit }: CancelSubmitProps) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel} disabled={busy}>
        {t(cancel)}
      </Button>
      <Button type="submit" loading={busy}>
        {t(submit)}
      </Button>
    </Group>
  );
}
