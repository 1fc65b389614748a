import { PASSWORD_MIN_LENGTH } from '../accounts.js';

/** The invalid state of a form's fields, pointing at the form's error (layout.ts's `alert`). */
export const invalidAttributes = (error: string | undefined) =>
  error ? ' aria-invalid="true" aria-describedby="form-error"' : '';

/** A new password, twice (to catch a typo), with the hints password managers look for. */
export function newPasswordFields(options: { error?: string | undefined; autofocus?: boolean }): string {
  const invalid = invalidAttributes(options.error);
  return `<label for="password">New password</label>
<input id="password" name="password" type="password" autocomplete="new-password" required minlength="${PASSWORD_MIN_LENGTH}" maxlength="1024"${invalid}${options.autofocus ? ' autofocus' : ''}>
<label for="password-again">New password again</label>
<input id="password-again" name="passwordAgain" type="password" autocomplete="new-password" required minlength="${PASSWORD_MIN_LENGTH}" maxlength="1024"${invalid}>`;
}
