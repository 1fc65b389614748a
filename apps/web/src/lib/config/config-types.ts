/** The documents the server publishes under /config (spec §3, §7). */
export interface AuthConfig {
  authority: string;
  clientId: string;
}

export interface EnvConfig extends AuthConfig {
  env: string;
  apiBaseUri: string;
  /** 'built-in': the server is its own identity provider, and the user may change their account. */
  accounts?: 'built-in' | 'external';
}

export type LoadStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

export interface Loadable<T> {
  status: LoadStatus;
  data?: T;
  /** Kept when the load failed, for the log and for support. */
  error?: string;
}

export interface ConfigState {
  auth: Loadable<AuthConfig>;
  env: Loadable<EnvConfig>;
}
