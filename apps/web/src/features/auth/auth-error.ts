import type { ErrorContext } from 'react-oidc-context';

/** react-oidc-context keeps each auth error with the step that failed; the user sees which one. */
const KEY_BY_SOURCE: Partial<Record<ErrorContext['source'], string>> = {
  signinCallback: 'auth.error.signinCallback',
  signoutCallback: 'auth.error.signoutCallback',
  renewSilent: 'auth.error.renewSilent',
};

export function authErrorKey(error: Pick<ErrorContext, 'source'>): string {
  return KEY_BY_SOURCE[error.source] ?? 'auth.error.generic';
}
