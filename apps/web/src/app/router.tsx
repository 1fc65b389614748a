import { useRoutes, type RouteObject } from 'react-router';
import { paths } from '../config/paths.js';
import { AuthCallbackRoute } from './routes/auth-callback.js';
import { BlogListRoute } from './routes/blog-list.js';
import { MetadataRoute } from './routes/metadata.js';
import { NotFoundRoute } from './routes/not-found.js';
import { RequireAuth } from './routes/require-auth.js';

/**
 * One module per address (spec §2); the signed-in pages share the shell through RequireAuth.
 * Declarative routing: the app has no loaders or actions, and the data router would add about
 * 15 KB (gzipped) to the sign-in route's budget.
 */
export const appRoutes: RouteObject[] = [
  {
    element: <RequireAuth />,
    children: [
      { path: paths.home, element: <BlogListRoute /> },
      { path: paths.metadata, element: <MetadataRoute /> },
    ],
  },
  { path: paths.authCallback, element: <AuthCallbackRoute /> },
  { path: '*', element: <NotFoundRoute /> },
];

export function AppRoutes() {
  return useRoutes(appRoutes);
}
