import { UserManager, WebStorageStateStore, type UserManagerSettings } from 'oidc-client-ts';
import {
  ACCESS_TOKEN_EXPIRING_NOTICE_SECONDS,
  CHECK_SESSION_INTERVAL_SECONDS,
  OIDC_RESPONSE_TYPE,
  OIDC_SCOPE,
  SILENT_REQUEST_TIMEOUT_SECONDS,
  STALE_STATE_AGE_SECONDS,
} from '../config/constants.js';
import { paths } from '../config/paths.js';
import type { AuthConfig } from './config/config-types.js';

/** Authorization code flow; oidc-client-ts adds PKCE with S256 by default (spec §5). */
export function buildUserManagerSettings(
  config: AuthConfig,
  origin: string = window.location.origin,
): UserManagerSettings {
  return {
    authority: config.authority,
    client_id: config.clientId,
    redirect_uri: origin + paths.authCallback,
    post_logout_redirect_uri: origin,
    response_type: OIDC_RESPONSE_TYPE,
    scope: OIDC_SCOPE,
    automaticSilentRenew: true,
    // The session survives a reload and is shared between tabs.
    userStore: new WebStorageStateStore({ store: window.localStorage }),
    loadUserInfo: false,
    accessTokenExpiringNotificationTimeInSeconds: ACCESS_TOKEN_EXPIRING_NOTICE_SECONDS,
    silentRequestTimeoutInSeconds: SILENT_REQUEST_TIMEOUT_SECONDS,
    staleStateAgeInSeconds: STALE_STATE_AGE_SECONDS,
    checkSessionIntervalInSeconds: CHECK_SESSION_INTERVAL_SECONDS,
  };
}

let current: { key: string; manager: UserManager } | undefined;

/**
 * One UserManager per authority and client. It lives outside React so that a re-render (or
 * StrictMode's double render) never starts a second silent-renew timer, and so that the API's base
 * query can read the access token.
 */
export function getUserManager(config: AuthConfig): UserManager {
  const key = `${config.authority} ${config.clientId}`;
  if (current?.key !== key) {
    current?.manager.stopSilentRenew();
    current = { key, manager: new UserManager(buildUserManagerSettings(config)) };
  }
  return current.manager;
}

/** oidc-client-ts keeps the user under "oidc." (WebStorageStateStore) + "user:<authority>:<client_id>". */
const STORED_USER_KEY_PREFIX = 'oidc.user:';

/**
 * Whether a session is stored, before the auth config says which authority counts. Only a hint,
 * since the session may have expired: the app uses it to start loading the signed-in area early.
 */
export function hasStoredSession(storage: Storage = window.localStorage): boolean {
  try {
    for (let index = 0; index < storage.length; index++) {
      if (storage.key(index)?.startsWith(STORED_USER_KEY_PREFIX)) return true;
    }
  } catch {
    // Storage may be blocked; then there is no session to restore either.
  }
  return false;
}

/** The signed-in user's access token, or undefined before sign-in. */
export async function getAccessToken(): Promise<string | undefined> {
  const user = await current?.manager.getUser();
  return user?.access_token || undefined;
}
