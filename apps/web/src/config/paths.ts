/** Every client route; components link through these, never through hand-built strings (STYLE §9). */
export const paths = {
  home: '/',
  metadata: '/metadata',
  authCallback: '/authentication/callback',
} as const;

/** Where the app's configuration documents are served, relative to the page origin (spec §7). */
export const configUrls = {
  auth: '/config/auth_config.json',
  env: '/config/env_config.json',
} as const;
