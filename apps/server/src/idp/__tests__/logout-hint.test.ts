import type { Session } from 'oidc-provider';
import { describe, expect, it } from 'vitest';
import { idTokenMatchesSession } from '../logout-hint.js';

const CLIENT = 'masthead-web';
const LOGIN = 1_800_000_000;

function session(overrides: Partial<Session> = {}): Session {
  return {
    accountId: 'account-1',
    loginTs: LOGIN,
    authorizations: { [CLIENT]: { sid: 'sid-1' } },
    grantIdFor: () => undefined,
    sidFor: (clientId) => (clientId === CLIENT ? 'sid-1' : undefined),
    ...overrides,
  };
}

describe('idTokenMatchesSession', () => {
  it('should match a token of the session account issued since it signed in', () => {
    expect(idTokenMatchesSession({ sub: 'account-1', iat: LOGIN }, session(), CLIENT)).toBe(true);
    expect(
      idTokenMatchesSession({ sub: 'account-1', iat: LOGIN + 3600, sid: 'sid-1' }, session(), CLIENT),
    ).toBe(true);
  });

  it('should not match another account, an earlier sign-in, another sid or a missing iat', () => {
    expect(idTokenMatchesSession({ sub: 'account-2', iat: LOGIN }, session(), CLIENT)).toBe(false);
    expect(idTokenMatchesSession({ sub: 'account-1', iat: LOGIN - 1 }, session(), CLIENT)).toBe(false);
    expect(idTokenMatchesSession({ sub: 'account-1', iat: LOGIN, sid: 'sid-2' }, session(), CLIENT)).toBe(
      false,
    );
    expect(idTokenMatchesSession({ sub: 'account-1' }, session(), CLIENT)).toBe(false);
    expect(idTokenMatchesSession({ sub: 'account-1', iat: String(LOGIN) }, session(), CLIENT)).toBe(false);
  });

  it('should not match a session that is signed out or never signed in to the client', () => {
    const claims = { sub: 'account-1', iat: LOGIN };
    expect(idTokenMatchesSession(claims, session({ accountId: undefined }), CLIENT)).toBe(false);
    expect(idTokenMatchesSession(claims, session({ loginTs: undefined }), CLIENT)).toBe(false);
    expect(idTokenMatchesSession(claims, session({ authorizations: {} }), CLIENT)).toBe(false);
  });
});
