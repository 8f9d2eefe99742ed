import {
  type EntityEditContext,
  type EntityExtension,
  type EntityForm,
  type EntityRow,
  browserFingerprint,
  hashPassword,
  type ServerFieldError,
} from '#platform/ui';
import { patchFields, readOnlyBecause, requireFields } from './form-patch';
import { UserCompanyWidget } from './user-editor-company';
import { userFormContext } from './user-form-context';

/** Spec 6: assigning roles to a user needs one of these. */
const mayAssignRoles = 'ManageRoles,AssignUsersToRoles';

function passwordField({ isNew, mode }: EntityEditContext) {
  if (mode === 'view') return { 'ui:widget': 'hidden' };
  return isNew ? undefined : { 'ui:help': 'PAGES.USERS.PASSWORD.KEEP' };
}

/** Who may place a user in a company (spec 5): anywhere, or within their own company. */
const mayPlaceInCompany = 'ManageCompanies,CanViewCompany';

/**
 * A new user needs a password; the roles are read-only to whoever may not assign them; the
 * company is chosen by whoever may place users in one (shown while users belong to companies).
 */
function userForm(form: EntityForm, _row: EntityRow, context: EntityEditContext) {
  const { can, isNew } = context;
  const patched = patchFields(form, {
    Password: passwordField(context),
    Roles: can(mayAssignRoles) ? undefined : readOnlyBecause('PAGES.USERS.ROLES_READ_ONLY'),
    CompanyId: can(mayPlaceInCompany) ? { 'ui:widget': 'userCompany' } : undefined,
  });
  const placed = withCompanyBeforeActive(patched);
  return isNew ? requireFields(placed, ['Password']) : placed;
}

/** The company right before Active in the form's order (the stored order hides it). */
function withCompanyBeforeActive(form: EntityForm): EntityForm {
  const order = form.uiSchema?.['ui:order'];
  if (!Array.isArray(order) || order.includes('CompanyId')) return form;
  const active = order.indexOf('Active');
  const at = active < 0 ? order.length : active;
  const placed = [...order.slice(0, at), 'CompanyId', ...order.slice(at)];
  return { ...form, uiSchema: { ...form.uiSchema, 'ui:order': placed } };
}

/**
 * The password leaves the browser only as its SHA-512 digest; none keeps the current one. The
 * browser's fingerprint goes with the save, for the login audit.
 */
async function hashUserPassword(row: EntityRow): Promise<EntityRow> {
  const password = row.Password;
  const [digest, FingerPrint] = await Promise.all([
    typeof password === 'string' && password !== '' ? hashPassword(password) : undefined,
    browserFingerprint(),
  ]);
  return { ...row, Password: digest, FingerPrint };
}

/** SaveUser answers a taken name or an unusable password with a flag, not with a 400. */
function userSaveRefusal(answer: EntityRow): ServerFieldError[] | null {
  if (answer.UsernameAlreadyExists === true) {
    return [{ Field: 'Name', Message: 'PAGES.USERS.USERNAME.ALREADY_EXISTS' }];
  }
  if (answer.UserPasswordInvalid === true) {
    return [{ Field: 'Password', Message: 'PAGES.USERS.PASSWORD.INVALID_PASSWORD' }];
  }
  return null;
}

/** The user editor (spec 5, 6, 8). */
export const userEditor: EntityExtension = {
  form: userForm,
  formContext: userFormContext,
  beforeSave: hashUserPassword,
  afterSave: userSaveRefusal,
  widgets: { userCompany: UserCompanyWidget },
};
