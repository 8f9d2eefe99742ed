import { Button, Checkbox, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { prepareBrowserFingerprint } from '#platform/ui';
import type { Credentials } from './use-sign-in';

interface LoginFormProps {
  busy: boolean;
  onSubmit: (credentials: Credentials) => void;
  /** Shown above the button, e.g. the captcha. */
  children?: ReactNode;
}

type FieldErrors = Partial<Record<'user' | 'password', string>>;

/** How often the form looks for what the browser filled in (spec). */
export const autofillCheckMs = 300;

export function LoginForm({ busy, onSubmit, children }: LoginFormProps) {
  const { t } = useTranslation();
  const [typedUser, setUser] = useState('');
  const [typedPassword, setPassword] = useState('');
  const [save, setSave] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const userInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  // A browser that fills in a saved name and password sends no input event for it: the form
  // looks at the fields every 300 ms (spec) so what the browser filled in is what is sent.
  useEffect(() => {
    const timer = setInterval(() => {
      const filledUser = userInput.current?.value;
      const filledPassword = passwordInput.current?.value;
      if (filledUser !== undefined) setUser((typed) => (typed === filledUser ? typed : filledUser));
      if (filledPassword !== undefined) {
        setPassword((typed) => (typed === filledPassword ? typed : filledPassword));
      }
    }, autofillCheckMs);
    return () => clearInterval(timer);
  }, []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // What the fields hold now, filled in by the browser since the last look included.
    const user = userInput.current?.value ?? typedUser;
    const password = passwordInput.current?.value ?? typedPassword;
    const found: FieldErrors = {};
    if (!user.trim()) found.user = 'PAGES.LOGIN.USER_NAME_REQUIRED';
    if (!password) found.password = 'PAGES.LOGIN.PASSWORD_REQUIRED';
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit({ user: user.trim(), password, save });
  };

  return (
    // The browser's own validation would stop the captcha's required checkbox with its own
    // bubble; the screen says what is missing instead.
    // The fingerprint is computed once the user starts on the form, so that signing in does
    // not wait for it and the page's first load does not carry its code.
    <form onSubmit={submit} onFocus={prepareBrowserFingerprint} noValidate aria-busy={busy}>
      <Stack gap="md">
        <TextInput
          label={t('PAGES.LOGIN.USER_NAME')}
          autoComplete="username"
          ref={userInput}
          value={typedUser}
          onChange={(event) => setUser(event.currentTarget.value)}
          error={errors.user && t(errors.user)}
          disabled={busy}
        />
        <PasswordInput
          label={t('PAGES.LOGIN.PASSWORD')}
          autoComplete="current-password"
          ref={passwordInput}
          value={typedPassword}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={errors.password && t(errors.password)}
          disabled={busy}
          visibilityToggleButtonProps={{ 'aria-label': t('PAGES.LOGIN.TOGGLE_PASSWORD') }}
        />
        <Checkbox
          label={t('PAGES.LOGIN.REMEMBER_ME')}
          checked={save}
          onChange={(event) => setSave(event.currentTarget.checked)}
          disabled={busy}
        />
        {children}
        <Button type="submit" loading={busy} fullWidth>
          {t('PAGES.LOGIN.SIGN_IN')}
        </Button>
      </Stack>
    </form>
  );
}
