import { Route, Switch } from 'wouter';
import { paths } from '../config/paths.js';
import { AuthCallbackRoute } from './routes/auth-callback.js';
import { NotFoundRoute } from './routes/not-found.js';
import { RequireAuth } from './routes/require-auth.js';

/**
 * One module per address (spec §2). "/" and "/metadata" both render RequireAuth, which stays
 * mounted between them (the Switch renders one Route at a time, so React keeps the same tree);
 * their pages come with the lazily loaded signed-in area (app/signed-in-area.tsx).
 */
export function AppRoutes() {
  return (
    <Switch>
      <Route path={paths.home} component={RequireAuth} />
      <Route path={paths.metadata} component={RequireAuth} />
      <Route path={`${paths.settings}/*?`} component={RequireAuth} />
      <Route path={paths.authCallback} component={AuthCallbackRoute} />
      <Route component={NotFoundRoute} />
    </Switch>
  );
}
