import { describe, expect, it } from 'vitest';
import { authErrorKey } from '../auth-error.js';
import { displayNameOf, initialOf } from '../display-name.js';

describe('displayNameOf', () => {
  it('should prefer the name, then the e-mail, then the fallback', () => {
    expect(displayNameOf({ name: 'Ada Lovelace', email: 'ada@example.com' })).toBe('Ada Lovelace');
    expect(displayNameOf({ name: '  ', email: 'ada@example.com' })).toBe('ada@example.com');
    expect(displayNameOf({}, 'Ada from user info')).toBe('Ada from user info');
    expect(displayNameOf(undefined)).toBe('');
  });

  it('should give the upper-case first letter as the initial', () => {
    expect(initialOf('ada@example.com')).toBe('A');
    expect(initialOf('')).toBe('');
  });
});

describe('authErrorKey', () => {
  it('should name the step that failed', () => {
    expect(authErrorKey({ source: 'signinCallback' })).toBe('auth.error.signinCallback');
    expect(authErrorKey({ source: 'signoutCallback' })).toBe('auth.error.signoutCallback');
    expect(authErrorKey({ source: 'renewSilent' })).toBe('auth.error.renewSilent');
    expect(authErrorKey({ source: 'signinRedirect' })).toBe('auth.error.generic');
  });
});
