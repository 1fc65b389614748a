import { lazy, Suspense, useLayoutEffect } from 'react';
import { Route, Switch } from 'wouter';
import { LoadingScreen } from '../components/ui/loading-screen.js';
import { paths } from '../config/paths.js';
import { useAppDispatch, useAppSelector } from './hooks.js';
import { loadBlogListPage, loadMetadataPage, loadSettingsPage } from './lazy-pages.js';
import { SignedInShell } from './routes/signed-in-shell.js';
import { injectSignedInState } from './signed-in-state.js';
import { signedInStateInjected } from './store.js';

injectSignedInState();

// Each page is its own chunk: /metadata does not load the blog list, nor / the tag, category and
// asset screens (DESIGN §6, docs/decisions/026-one-chunk-per-signed-in-page.md).
const BlogListRoute = lazy(() => loadBlogListPage().then((module) => ({ default: module.BlogListRoute })));
const MetadataRoute = lazy(() => loadMetadataPage().then((module) => ({ default: module.MetadataRoute })));
const SettingsRoute = lazy(() => loadSettingsPage().then((module) => ({ default: module.SettingsRoute })));

/**
 * Everything behind sign-in, loaded lazily by RequireAuth: the shell and the page for the address.
 * The reducers injected above get their state with the next action, so one is dispatched before
 * anything reads it; a layout effect does it before the browser paints.
 */
export function SignedInArea() {
  const dispatch = useAppDispatch();
  const ready = useAppSelector((state) => state.domains !== undefined);
  useLayoutEffect(() => {
    if (!ready) dispatch(signedInStateInjected());
  }, [ready, dispatch]);

  if (!ready) return null;
  return (
    <SignedInShell>
      <Suspense fallback={<LoadingScreen inline />}>
        <Switch>
          <Route path={paths.home} component={BlogListRoute} />
          <Route path={paths.metadata} component={MetadataRoute} />
          <Route path={`${paths.settings}/*?`} component={SettingsRoute} />
        </Switch>
      </Suspense>
    </SignedInShell>
  );
}
