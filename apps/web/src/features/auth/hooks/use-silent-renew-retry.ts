import { ErrorTimeout } from 'oidc-client-ts';
import { useEffect } from 'react';
import { useAuth } from 'react-oidc-context';
import { SILENT_RENEW_RETRY_MS } from '../../../config/constants.js';

/**
 * A silent renew that timed out (the provider was slow, the laptop was asleep) is tried again after
 * SILENT_RENEW_RETRY_MS instead of letting the token expire (spec §4, §9). Other failures, such as
 * a revoked refresh token, would fail again, so they are left to the error state.
 */
export function useSilentRenewRetry(): void {
  const { events, signinSilent } = useAuth();
  useEffect(() => {
    let timer: number | undefined;
    const unsubscribe = events.addSilentRenewError((error) => {
      if (!(error instanceof ErrorTimeout)) return;
      window.clearTimeout(timer);
      timer = window.setTimeout(() => void signinSilent(), SILENT_RENEW_RETRY_MS);
    });
    return () => {
      unsubscribe();
      window.clearTimeout(timer);
    };
  }, [events, signinSilent]);
}
