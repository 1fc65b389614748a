import { lazy, Suspense } from 'react';
import { useAuth } from 'react-oidc-context';
import { LoadingScreen } from '../../components/ui/loading-screen.js';
import { LoginScreen } from '../../features/auth/index.js';

/**
 * The shell, RTK Query, the domain selection and the signed-in pages are a chunk of their own, so
 * the login screen does not load them (DESIGN §6, docs/decisions/009-web-bundle-budget.md).
 * import() runs once; calling it again returns the same module.
 */
export const loadSignedInArea = () => import('../signed-in-area.js');

const SignedInArea = lazy(() => loadSignedInArea().then((module) => ({ default: module.SignedInArea })));

/**
 * "/" and "/metadata" show their page inside the shell when signed in, and the login screen
 * otherwise (spec §2, §6). A silent renew also counts as loading, but must not unmount the shell.
 */
export function RequireAuth() {
  const auth = useAuth();
  if (auth.isAuthenticated) {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <SignedInArea />
      </Suspense>
    );
  }
  return auth.isLoading ? <LoadingScreen /> : <LoginScreen />;
}
