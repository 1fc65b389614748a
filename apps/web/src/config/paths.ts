/** Every client route; components link through these, never through hand-built strings (STYLE §9). */
export const paths = {
  home: '/',
  metadata: '/metadata',
  settings: '/settings',
  authCallback: '/authentication/callback',
} as const;

/**
 * The open post editor lives in the address of the list (`/?post=new`, `/?post=<id>`), so Back
 * closes it and a reload reopens the same post.
 */
export const POST_EDITOR_PARAM = 'post';
export const NEW_POST_ID = 'new';

/** The list's address with the editor of `postId` open, keeping the list's own query (page, filters). */
export function postEditorPath(postId: string, listQuery: URLSearchParams = new URLSearchParams()): string {
  const query = new URLSearchParams(listQuery);
  query.set(POST_EDITOR_PARAM, postId);
  return `${paths.home}?${query}`;
}

/** The list's address without the editor. */
export function postListPath(query: URLSearchParams): string {
  const listQuery = new URLSearchParams(query);
  listQuery.delete(POST_EDITOR_PARAM);
  const search = listQuery.toString();
  return search ? `${paths.home}?${search}` : paths.home;
}

/** The tabs of Settings (issue 22), each at `/settings/<tab>`; `/settings` shows the first. */
export const SETTINGS_TABS = ['members', 'fields', 'integrations', 'activity'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

export function settingsPath(tab: SettingsTab): string {
  return `${paths.settings}/${tab}`;
}

/** Where the app's configuration documents are served, relative to the page origin (spec §7). */
export const configUrls = {
  auth: '/config/auth_config.json',
  env: '/config/env_config.json',
} as const;
