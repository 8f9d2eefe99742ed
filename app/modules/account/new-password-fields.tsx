import { PasswordInput, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePasswordRules } from './password-rules';
import { passwordStrength, type NewPasswordErrors, type PasswordScore } from './password-strength';

export interface NewPassword {
  password: string;
  confirmation: string;
}

interface NewPasswordFieldsProps {
  value: NewPassword;
  onChange: (value: NewPassword) => void;
  /** Translation keys of the errors to show (after a submit attempt, or from the server). */
  errors: NewPasswordErrors;
  /** Whose e-mail's name part the password must not use. */
  email?: string | null;
  disabled?: boolean;
}

const maxScore = 80;

const meterColours: Record<PasswordScore, string> = {
  0: 'red',
  10: 'red',
  25: 'orange',
  40: 'yellow',
  60: 'teal',
  80: 'green',
};

/** New password, its strength meter and its confirmation, as every password screen has them. */
export function NewPasswordFields({
  value,
  onChange,
  errors,
  email,
  disabled,
}: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  const rules = usePasswordRules();
  const { score } = passwordStrength(value.password, email, rules);
  const level = t(`PASSWORD.STRENGTH.${score}`);
  const toggle = { 'aria-label': t('PASSWORD.TOGGLE') };
  // A mismatch shows as soon as the confirmation is typed, not only after submitting.
  const mismatch =
    value.confirmation !== '' && value.confirmation !== value.password
      ? 'PASSWORD.MISMATCH'
      : undefined;
  const confirmationError = errors.confirmation ?? mismatch;

  return (
    <Stack gap="xs">
      <PasswordInput
        label={t('PASSWORD.NEW')}
        description={t('PASSWORD.HINT', { min: rules.minLength })}
        autoComplete="new-password"
        value={value.password}
        onChange={(event) => onChange({ ...value, password: event.currentTarget.value })}
        error={errors.password && t(errors.password, { min: rules.minLength })}
        disabled={disabled}
        visibilityToggleButtonProps={toggle}
        withAsterisk
      />
      <Stack gap={4}>
        <Progress.Root size="sm">
          <Progress.Section
            value={(score / maxScore) * 100}
            color={meterColours[score]}
            withAria={false}
            role="progressbar"
            aria-label={t('PASSWORD.STRENGTH')}
            aria-valuemin={0}
            aria-valuemax={maxScore}
            aria-valuenow={score}
            aria-valuetext={level}
          />
        </Progress.Root>
        <Text size="xs" c="dimmed">
          {t('PASSWORD.STRENGTH')}: {level}
        </Text>
      </Stack>
      <PasswordInput
        label={t('PASSWORD.CONFIRM')}
        autoComplete="new-password"
        value={value.confirmation}
        onChange={(event) => onChange({ ...value, confirmation: event.currentTarget.value })}
        error={confirmationError && t(confirmationError)}
        disabled={disabled}
        visibilityToggleButtonProps={toggle}
        withAsterisk
      />
    </Stack>
  );
}
