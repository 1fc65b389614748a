import { useAuth } from 'react-oidc-context';
import { Redirect } from 'wouter';
import { LoadingScreen } from '../../components/ui/loading-screen.js';
import { paths } from '../../config/paths.js';

/**
 * The provider sends the user back here. AuthProvider processes the callback; this screen waits,
 * then goes to "/" once signed in. A failed callback also goes to "/", whose login screen names it.
 */
export function AuthCallbackRoute() {
  const auth = useAuth();
  if (auth.isAuthenticated || (!auth.isLoading && auth.error)) return <Redirect to={paths.home} replace />;
  return <LoadingScreen />;
}
