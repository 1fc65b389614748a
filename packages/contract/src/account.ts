import { Type, type Static } from '@sinclair/typebox';
import { MAX_NAME_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.js';

/** PUT /cms/account: the signed-in user's own display name (built-in provider only). */
export const AccountNameChange = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: MAX_NAME_LENGTH, description: 'The display name' }) },
  { title: 'AccountNameChange', additionalProperties: false },
);
export type AccountNameChange = Static<typeof AccountNameChange>;

/** The account as PUT /cms/account leaves it. */
export const Account = Type.Object({ name: Type.String(), email: Type.String() }, { title: 'Account' });
export type Account = Static<typeof Account>;

/** PUT /cms/account/password: the current password is checked (and counted as a sign-in attempt). */
export const PasswordChange = Type.Object(
  {
    currentPassword: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH }),
    newPassword: Type.String({
      minLength: 1,
      maxLength: PASSWORD_MAX_LENGTH,
      description: `At least ${PASSWORD_MIN_LENGTH} characters`,
    }),
  },
  { title: 'PasswordChange', additionalProperties: false },
);
export type PasswordChange = Static<typeof PasswordChange>;
