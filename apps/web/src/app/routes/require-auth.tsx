import { Outlet } from 'react-router';
import { useAuth } from 'react-oidc-context';
import { LoadingScreen } from '../../components/ui/loading-screen.js';
import { LoginScreen } from '../../features/auth/index.js';
import { SignedInShell } from './signed-in-shell.js';

/**
 * "/" and "/metadata" show their page inside the shell when signed in, and the login screen
 * otherwise (spec §2, §6). A silent renew also counts as loading, but must not unmount the shell.
 */
export function RequireAuth() {
  const auth = useAuth();
  if (auth.isAuthenticated) {
    return (
      <SignedInShell>
        <Outlet />
      </SignedInShell>
    );
  }
  return auth.isLoading ? <LoadingScreen /> : <LoginScreen />;
}
