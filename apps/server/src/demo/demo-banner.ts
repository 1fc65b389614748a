/**
 * What the first start prints for the demo account, once, to stdout in plain text rather than as a
 * log line: a person reads it in the terminal. `Demo password:` is a stable marker scripts and
 * tests can find it by.
 */
export function demoBanner(publicUrl: string, account: { email: string; password: string }): string {
  return [
    '',
    `  Masthead demo — sign in at ${publicUrl} with ${account.email} / ${account.password}`,
    `  Demo e-mail: ${account.email}`,
    `  Demo password: ${account.password}`,
    `  The password is shown only this once. Change it with: npm run masthead -- user passwd ${account.email}`,
    '',
    '',
  ].join('\n');
}
