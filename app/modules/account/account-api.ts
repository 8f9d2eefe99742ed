import {
  accountPaths,
  type ChangePasswordResult,
  type ConfirmEmailResult,
  type CurrentUser,
  type RegisterUserResult,
  type RegistrationOptions,
  type ResetRegisterTicketResult,
  type TicketUser,
  type UpdateUserResult,
} from '#metadata';
import { browserFingerprint, hashPassword, http } from '#platform/ui';

/** Whether self-registration is open; when the server cannot say, the form decides later. */
export async function readRegistrationOptions(): Promise<RegistrationOptions> {
  try {
    return await http.get<RegistrationOptions>(accountPaths.registrationOptions, {
      errorHandling: 'none',
    });
  } catch {
    return { RegistrationAllowed: true };
  }
}

export interface Registration {
  email: string;
  firstName: string;
  surname: string;
  password: string;
  language: string;
}

export async function registerUser(registration: Registration): Promise<RegisterUserResult> {
  return http.post<RegisterUserResult>(accountPaths.registerUser, {
    body: {
      Name: registration.email.trim(),
      FirstName: registration.firstName.trim(),
      Surname: registration.surname.trim(),
      Password: await hashPassword(registration.password),
      Language: registration.language,
      Active: true,
    },
  });
}

/** Confirms a registered address: the link's ticket and the password chosen at registration. */
export async function confirmEmail(ticket: string, password: string): Promise<ConfirmEmailResult> {
  return http.post<ConfirmEmailResult>(accountPaths.confirmEmail, {
    body: { Ticket: ticket, Password: await hashPassword(password) },
  });
}

export function readTicketUser(ticket: string): Promise<TicketUser> {
  return http.get<TicketUser>(`${accountPaths.userByTicket}/${encodeURIComponent(ticket)}`);
}

export async function setPasswordByTicket(
  ticket: string,
  password: string,
): Promise<ResetRegisterTicketResult> {
  const [Password, FingerPrint] = await Promise.all([hashPassword(password), browserFingerprint()]);
  return http.post<ResetRegisterTicketResult>(accountPaths.resetRegisterTicket, {
    body: { Ticket: ticket, User: { Password, FingerPrint } },
  });
}

export interface ProfileChanges {
  name: string;
  firstName: string;
  surname: string;
  languageId: string | null;
}

export async function updateProfile(user: CurrentUser, changes: ProfileChanges) {
  return http.post<UpdateUserResult>(accountPaths.updateUser, {
    body: {
      id: user.Id,
      name: changes.name.trim(),
      firstName: changes.firstName.trim(),
      surname: changes.surname.trim(),
      languageId: changes.languageId,
      fingerprint: await browserFingerprint(),
    },
  });
}

export async function changePassword(
  user: CurrentUser,
  currentPassword: string,
  newPassword: string,
): Promise<ChangePasswordResult> {
  const [current, next, FingerPrint] = await Promise.all([
    hashPassword(currentPassword),
    hashPassword(newPassword),
    browserFingerprint(),
  ]);
  return http.post<ChangePasswordResult>(accountPaths.changePassword, {
    body: { Name: user.Name, CurrentPassword: current, NewPassword: next, FingerPrint },
  });
}
