import { lazy, Suspense, useLayoutEffect } from 'react';
import { Route, Switch } from 'wouter';
import { LoadingScreen } from '../components/ui/loading-screen.js';
import { paths } from '../config/paths.js';
import { useAppDispatch, useAppSelector } from './hooks.js';
import { BlogListRoute } from './routes/blog-list.js';
import { SignedInShell } from './routes/signed-in-shell.js';
import { injectSignedInState } from './signed-in-state.js';
import { signedInStateInjected } from './store.js';

injectSignedInState();

// Tags, categories and assets are their own chunk: the list route's budget (DESIGN §6) stays the list's.
const MetadataRoute = lazy(() =>
  import('./routes/metadata.js').then((module) => ({ default: module.MetadataRoute })),
);

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
      <Switch>
        <Route path={paths.home} component={BlogListRoute} />
        <Route path={paths.metadata}>
          <Suspense fallback={<LoadingScreen inline />}>
            <MetadataRoute />
          </Suspense>
        </Route>
      </Switch>
    </SignedInShell>
  );
}
