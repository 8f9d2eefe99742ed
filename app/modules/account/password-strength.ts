/** Shortest password the meter accepts (administration spec, section 9). */
export const minPasswordLength = 6;

/** The meter's rules as the settings set them (`GET api/settings/GetPasswordSettings`). */
export interface PasswordRules {
  /** Never below `minPasswordLength`. */
  minLength: number;
  /** From this length a password scores one step higher. */
  strongLength: number;
}

export const defaultPasswordRules: PasswordRules = {
  minLength: minPasswordLength,
  strongLength: 12,
};

/** The meter's scores, from failing (0) to strong (80). */
export const passwordScores = [0, 10, 25, 40, 60, 80] as const;
export type PasswordScore = (typeof passwordScores)[number];

export type PasswordProblem = 'required' | 'tooShort' | 'usesEmail';

export interface PasswordStrength {
  score: PasswordScore;
  /** Why the meter fails; empty when it passes. A failing meter scores 0. */
  problems: PasswordProblem[];
}

const characterClasses = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z\d]/];

/** The name part of an e-mail address, when it is long enough to matter. */
function emailName(email: string | null | undefined): string | null {
  const name = (email ?? '').trim().split('@')[0]?.toLowerCase() ?? '';
  return name.length >= 3 ? name : null;
}

/**
 * The password meter: at least 6 characters (`rules.minLength`) and no use of the e-mail's name
 * part, or it fails with 0; otherwise 10, 25, 40 or 60 for one to four kinds of characters
 * (lower case, upper case, digits, others), one step more from 12 characters
 * (`rules.strongLength`), at most 80.
 *
 * @example passwordStrength('Abcdef1!', 'jo@example.com') // { score: 60, problems: [] }
 */
export function passwordStrength(
  password: string,
  email?: string | null,
  rules: PasswordRules = defaultPasswordRules,
): PasswordStrength {
  const problems: PasswordProblem[] = [];
  if (!password) problems.push('required');
  else if (password.length < Math.max(minPasswordLength, rules.minLength)) {
    problems.push('tooShort');
  }
  const name = emailName(email);
  if (name && password.toLowerCase().includes(name)) problems.push('usesEmail');
  if (problems.length > 0) return { score: 0, problems };
  const kinds = characterClasses.filter((pattern) => pattern.test(password)).length;
  const step = Math.min(5, kinds + (password.length >= rules.strongLength ? 1 : 0));
  return { score: passwordScores[step]!, problems };
}

/** The rule of every password screen: not the user name, in any case. */
export function equalsUserName(password: string, userName: string | null | undefined): boolean {
  const name = (userName ?? '').trim().toLowerCase();
  return name !== '' && password.trim().toLowerCase() === name;
}

export interface NewPasswordErrors {
  password?: string;
  confirmation?: string;
}

const problemKeys: Record<PasswordProblem, string> = {
  required: 'PASSWORD.REQUIRED',
  tooShort: 'PASSWORD.TOO_SHORT',
  usesEmail: 'PASSWORD.USES_EMAIL',
};

/** Translation keys of what is wrong with a new password and its confirmation. */
export function newPasswordErrors(
  password: string,
  confirmation: string,
  {
    userName,
    email,
    passwordRules,
  }: { userName?: string | null; email?: string | null; passwordRules?: PasswordRules },
): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  const [problem] = passwordStrength(password, email, passwordRules).problems;
  if (problem) errors.password = problemKeys[problem];
  else if (equalsUserName(password, userName)) {
    errors.password = 'PAGES.USERS.PASSWORD.INVALID_PASSWORD';
  }
  if (password && confirmation !== password) errors.confirmation = 'PASSWORD.MISMATCH';
  return errors;
}
