import { passwordSettings } from '#metadata';
import type { ModuleManifest } from '#platform/ui';
import { ConfirmEmailPage } from './confirm-email-page';
import { ProfilePage } from './profile-page';
import { RegisterPage } from './register-page';
import { RegisterByTicketPage, ResetPasswordPage } from './ticket-password-page';

export const accountManifest: ModuleManifest = {
  name: 'account',
  screens: {
    register: RegisterPage,
    resetpassword: ResetPasswordPage,
    registerbyticket: RegisterByTicketPage,
    confirmemail: ConfirmEmailPage,
    profile: ProfilePage,
  },
  settingsSections: [{ section: passwordSettings, order: 50 }],
};
