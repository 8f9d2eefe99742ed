import { Button, Group, Select, Stack, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { platformConstants, type CurrentUser } from '#metadata';
import { dialogs, setLanguage, useLanguageStore, useSession } from '#platform/ui';
import { AccountForm, AccountTextInput } from './account-form';
import { updateProfile, type ProfileChanges } from './account-api';
import { ChangePasswordForm } from './change-password-form';
import { submitFailure } from './submit-failure';

type Errors = Partial<Record<'name', string>>;

function useChangePasswordDialog(user: CurrentUser) {
  const { t } = useTranslation();
  return async () => {
    const changed = await dialogs.custom<boolean>(
      (close) => <ChangePasswordForm user={user} onClose={close} />,
      {
        title: t('PAGES.CHANGE_PASSWORD.TITLE'),
        width: platformConstants.changePasswordDialogWidthPx,
      },
    );
    if (changed) dialogs.success(t('PAGES.CHANGE_PASSWORD.DONE'));
  };
}

function ProfileForm({ user }: { user: CurrentUser }) {
  const { t, i18n } = useTranslation();
  const languages = useLanguageStore((state) => state.languages);
  const openChangePassword = useChangePasswordDialog(user);
  const [changes, setChanges] = useState<ProfileChanges>({
    name: user.Name,
    firstName: user.FirstName,
    surname: user.Surname,
    languageId: user.Language,
  });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const change = (field: keyof ProfileChanges, value: string | null) => {
    setChanges((current) => ({ ...current, [field]: value }));
    if (field === 'name') setErrors({});
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!changes.name.trim()) return setErrors({ name: 'PAGES.PROFILE.USER_NAME_REQUIRED' });
    setBusy(true);
    try {
      const result = await updateProfile(user, changes);
      if (!result.Succeeded || !result.User) {
        setErrors(result.UsernameAlreadyExists ? { name: 'PAGES.PROFILE.USERNAME_EXISTS' } : {});
        return;
      }
      useSession.setState({ user: result.User });
      dialogs.success(t('PAGES.PROFILE.SAVED'));
      const language = result.User.Language;
      if (language && language !== i18n.language) await setLanguage(language, i18n);
    } catch (error) {
      const key = submitFailure(error, 'PAGES.PROFILE.SAVE_FAILED');
      if (key) void dialogs.error(t(key));
    } finally {
      setBusy(false);
    }
  };

  const languageOptions = [
    { value: '', label: t('PAGES.PROFILE.DEFAULT_LANGUAGE') },
    ...languages.map((language) => ({ value: language.Id, label: language.Name })),
  ];

  return (
    <AccountForm busy={busy} onSubmit={submit}>
      <AccountTextInput
        label="PAGES.PROFILE.USER_NAME"
        autoComplete="username"
        value={changes.name}
        onValueChange={(value) => change('name', value)}
        error={errors.name}
        disabled={busy}
        withAsterisk
      />
      <AccountTextInput
        label="PAGES.PROFILE.FIRST_NAME"
        autoComplete="given-name"
        value={changes.firstName}
        onValueChange={(value) => change('firstName', value)}
        disabled={busy}
      />
      <AccountTextInput
        label="PAGES.PROFILE.SURNAME"
        autoComplete="family-name"
        value={changes.surname}
        onValueChange={(value) => change('surname', value)}
        disabled={busy}
      />
      <TextInput label={t('PAGES.PROFILE.EMAIL')} value={user.Email} readOnly disabled />
      <Select
        label={t('PAGES.PROFILE.LANGUAGE')}
        data={languageOptions}
        value={changes.languageId ?? ''}
        onChange={(value) => change('languageId', value || null)}
        allowDeselect={false}
        disabled={busy}
      />
      <Group justify="space-between">
        <Button variant="default" onClick={() => void openChangePassword()} disabled={busy}>
          {t('PAGES.PROFILE.CHANGE_PASSWORD')}
        </Button>
        <Button type="submit" loading={busy}>
          {t('PAGES.PROFILE.SAVE')}
        </Button>
      </Group>
    </AccountForm>
  );
}

/** `/profile`: the signed-in user's names, language and password. */
export function ProfilePage() {
  const { t } = useTranslation();
  const user = useSession((state) => state.user);
  if (!user) return null;
  return (
    <Stack maw={620} gap="lg">
      <Title order={1}>{t('PAGES.PROFILE.HEADING')}</Title>
      <ProfileForm key={user.Id} user={user} />
    </Stack>
  );
}
