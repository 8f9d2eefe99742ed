import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The login audit's reasons of a failure, in words. */
const reasonKeys: Readonly<Record<string, string>> = {
  InvalidUserOrPassword: 'AUDIT_SCREENS.LOGIN_RESULT.INVALID_USER_OR_PASSWORD',
  UserNotFound: 'AUDIT_SCREENS.LOGIN_RESULT.USER_NOT_FOUND',
  InvalidPassword: 'AUDIT_SCREENS.LOGIN_RESULT.INVALID_PASSWORD',
  InvalidPasswordAttempts: 'AUDIT_SCREENS.LOGIN_RESULT.INVALID_PASSWORD_ATTEMPTS',
  UserNotActive: 'AUDIT_SCREENS.LOGIN_RESULT.USER_NOT_ACTIVE',
  InvalidCaptcha: 'AUDIT_SCREENS.LOGIN_RESULT.INVALID_CAPTCHA',
  CaptchaRequired: 'AUDIT_SCREENS.LOGIN_RESULT.CAPTCHA_REQUIRED',
  ServerBusy: 'AUDIT_SCREENS.LOGIN_RESULT.SERVER_BUSY',
  InvalidCurrentPassword: 'AUDIT_SCREENS.LOGIN_RESULT.INVALID_CURRENT_PASSWORD',
  InvalidTicket: 'AUDIT_SCREENS.LOGIN_RESULT.INVALID_TICKET',
  UserPasswordInvalid: 'AUDIT_SCREENS.LOGIN_RESULT.USER_PASSWORD_INVALID',
  UsernameAlreadyExists: 'AUDIT_SCREENS.LOGIN_RESULT.USERNAME_ALREADY_EXISTS',
};

/** What a login audit entry records, in words. */
const eventKeys: Readonly<Record<string, string>> = {
  SignIn: 'AUDIT_SCREENS.LOGIN_EVENT.SIGN_IN',
  PasswordChanged: 'AUDIT_SCREENS.LOGIN_EVENT.PASSWORD_CHANGED',
  PasswordReset: 'AUDIT_SCREENS.LOGIN_EVENT.PASSWORD_RESET',
  ProfileUpdated: 'AUDIT_SCREENS.LOGIN_EVENT.PROFILE_UPDATED',
  UserSaved: 'AUDIT_SCREENS.LOGIN_EVENT.USER_SAVED',
};

/** A code said in words, or the code itself when a newer server sends one not listed. */
function useCodeText(keys: Readonly<Record<string, string>>, code: string): string {
  const { t } = useTranslation();
  const key = keys[code];
  return key ? t(key) : code;
}

/** An attempt's result: Success when the sign-in passed (empty), otherwise its reason. */
export function LoginResultCell({ value }: { value: unknown }) {
  const { t } = useTranslation();
  const reason = typeof value === 'string' ? value : '';
  const reasonText = useCodeText(reasonKeys, reason);
  return reason === '' ? (
    <Badge color="teal" variant="light" tt="none">
      {t('AUDIT_SCREENS.SUCCESS')}
    </Badge>
  ) : (
    <Badge color="red" variant="light" tt="none">
      {reasonText}
    </Badge>
  );
}

/** What the entry records (a sign-in, a password changed, ...), in words. */
export function LoginEventCell({ value }: { value: unknown }) {
  const event = typeof value === 'string' ? value : '';
  return <Text size="sm">{useCodeText(eventKeys, event)}</Text>;
}
