import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** An attempt's result: Success when the sign-in passed (empty), otherwise its reason. */
export function LoginResultCell({ value }: { value: unknown }) {
  const { t } = useTranslation();
  const reason = typeof value === 'string' ? value : '';
  return reason === '' ? (
    <Badge color="teal" variant="light" tt="none">
      {t('AUDIT_SCREENS.SUCCESS')}
    </Badge>
  ) : (
    <Badge color="red" variant="light" tt="none">
      {reason}
    </Badge>
  );
}
