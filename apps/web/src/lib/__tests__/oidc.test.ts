import { WebStorageStateStore } from 'oidc-client-ts';
import { describe, expect, it } from 'vitest';
import { buildUserManagerSettings, getUserManager, hasStoredSession } from '../oidc.js';

const CONFIG = { authority: 'https://idp.test/oidc', clientId: 'masthead-web' };

describe('buildUserManagerSettings', () => {
  it('should use the code flow with the callback route, silent renew and the agreed timings', () => {
    const settings = buildUserManagerSettings(CONFIG, 'https://cms.example.com');
    expect(settings).toMatchObject({
      authority: 'https://idp.test/oidc',
      client_id: 'masthead-web',
      redirect_uri: 'https://cms.example.com/authentication/callback',
      post_logout_redirect_uri: 'https://cms.example.com',
      response_type: 'code',
      scope: 'openid profile email offline_access',
      automaticSilentRenew: true,
      loadUserInfo: false,
      accessTokenExpiringNotificationTimeInSeconds: 60,
      silentRequestTimeoutInSeconds: 10,
      staleStateAgeInSeconds: 900,
      checkSessionIntervalInSeconds: 2,
    });
    expect(settings.userStore).toBeInstanceOf(WebStorageStateStore);
  });
});

describe('getUserManager', () => {
  it('should keep one manager per authority and client, and keep the user in local storage', async () => {
    const manager = getUserManager(CONFIG);
    expect(getUserManager({ ...CONFIG })).toBe(manager);
    expect(getUserManager({ ...CONFIG, clientId: 'other' })).not.toBe(manager);

    // The session must survive a reload and be shared by tabs, so it is in localStorage.
    await getUserManager(CONFIG).settings.userStore.set('probe', '{}');
    expect(window.localStorage.getItem('oidc.probe')).toBe('{}');
  });
});

describe('hasStoredSession', () => {
  it('should tell whether oidc-client-ts keeps a user, for any authority and client', async () => {
    expect(hasStoredSession()).toBe(false);
    window.localStorage.setItem('masthead.selectedDomain', '{}');
    expect(hasStoredSession()).toBe(false);

    // Stored the way UserManager stores a signed-in user, so the prefix cannot drift from the library.
    await getUserManager(CONFIG).settings.userStore.set(`user:${CONFIG.authority}:${CONFIG.clientId}`, '{}');
    expect(hasStoredSession()).toBe(true);
  });
});
