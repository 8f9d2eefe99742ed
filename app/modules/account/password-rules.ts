import { useEffect, useState } from 'react';
import { settingsPaths, type PasswordSettingsResult } from '#metadata';
import { http } from '#platform/ui';
import { defaultPasswordRules, minPasswordLength, type PasswordRules } from './password-strength';

let asked: Promise<PasswordRules> | null = null;

/** The rules, asked of the server once per page load; its defaults while it cannot answer. */
function askRules(): Promise<PasswordRules> {
  asked ??= http
    .get<PasswordSettingsResult>(settingsPaths.passwordSettings, { errorHandling: 'none' })
    .then(
      (answer) => ({
        minLength: Math.max(minPasswordLength, answer.MinLength),
        strongLength: answer.StrongLength,
      }),
      () => {
        asked = null;
        return defaultPasswordRules;
      },
    );
  return asked;
}

/** The password meter's rules as the administrator set them (`Password.*` settings). */
export function usePasswordRules(): PasswordRules {
  const [rules, setRules] = useState(defaultPasswordRules);
  useEffect(() => {
    let live = true;
    void askRules().then((answer) => live && setRules(answer));
    return () => {
      live = false;
    };
  }, []);
  return rules;
}
