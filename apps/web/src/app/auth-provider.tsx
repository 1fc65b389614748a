import { useCallback, type ReactNode } from 'react';
import { AuthProvider } from 'react-oidc-context';
import { useLocation } from 'wouter';
import { paths } from '../config/paths.js';
import { useSilentRenewRetry } from '../features/auth/index.js';
import type { AuthConfig } from '../lib/config/index.js';
import { getUserManager } from '../lib/oidc.js';

function SilentRenewRetry() {
  useSilentRenewRetry();
  return null;
}

/**
 * react-oidc-context processes the sign-in callback by itself whenever the address carries code or
 * error plus state, in the query or the fragment (spec §4). Afterwards the history entry is
 * replaced by "/", which drops code and state so that a reload does not replay them.
 */
export function AppAuthProvider({ authConfig, children }: { authConfig: AuthConfig; children: ReactNode }) {
  const [, navigate] = useLocation();
  const leaveCallback = useCallback(() => navigate(paths.home, { replace: true }), [navigate]);
  return (
    <AuthProvider userManager={getUserManager(authConfig)} onSigninCallback={leaveCallback}>
      <SilentRenewRetry />
      {children}
    </AuthProvider>
  );
}
