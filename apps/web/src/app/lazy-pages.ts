import { paths } from '../config/paths.js';

/**
 * The signed-in area (shell, RTK Query, domain selection) and each signed-in page are chunks of
 * their own, so the login screen loads none of them and each page loads only its own code
 * (DESIGN §6, docs/decisions/026-one-chunk-per-signed-in-page.md). import() runs once; calling a
 * loader again returns the same module.
 */
export const loadSignedInArea = () => import('./signed-in-area.js');
export const loadBlogListPage = () => import('./routes/blog-list.js');
export const loadMetadataPage = () => import('./routes/metadata.js');
export const loadSettingsPage = () => import('./routes/settings.js');

/** The page loader for an address, matched as the routes match it (any case, optional trailing slash). */
function pageLoaderFor(pathname: string) {
  const path = pathname.toLowerCase().replace(/(.)\/+$/, '$1');
  // The sign-in callback replaces itself with the list.
  if (path === paths.home || path === paths.authCallback) return loadBlogListPage;
  if (path === paths.metadata) return loadMetadataPage;
  if (path === paths.settings || path.startsWith(`${paths.settings}/`)) return loadSettingsPage;
  return undefined;
}

/**
 * Starts loading the signed-in area and the page for `pathname` side by side, so a returning user
 * waits for one round of chunks rather than the area and then its page. A failed load shows
 * through the error boundary when the page renders, so it is ignored here.
 */
export function preloadSignedInPage(pathname: string) {
  loadSignedInArea().catch(() => undefined);
  pageLoaderFor(pathname)?.().catch(() => undefined);
}
