import { lazy, Suspense } from 'react';
import { useAuth } from 'react-oidc-context';
import { LoadingScreen } from '../../components/ui/loading-screen.js';
import { LoginScreen } from '../../features/auth/index.js';
import { loadSignedInArea } from '../lazy-pages.js';

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
