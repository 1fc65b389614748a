import { Suspense, useEffect, type ReactNode } from 'react';
import { BootPlaceholder, LoadingScreen } from '../components/ui/loading-screen.js';
import {
  isSettled,
  loadAuthConfig,
  loadEnvConfig,
  selectAuthConfigState,
  selectEnvConfigState,
  type AuthConfig,
} from '../lib/config/index.js';
import { useTranslation } from '../lib/use-translation.js';
import { useAppDispatch, useAppSelector } from './hooks.js';

function ConfigLoadFailed() {
  const { t } = useTranslation();
  return (
    <main className="loading-screen">
      <p role="alert">{t('config.loadFailed')}</p>
    </main>
  );
}

/**
 * Requests both configuration documents at start-up and renders the app only once the auth config
 * has loaded (spec §2). It also waits for the env config to settle, so the first API call already
 * knows its base address instead of failing with "No API base uri found".
 */
export function ConfigGate({ children }: { children: (authConfig: AuthConfig) => ReactNode }) {
  const dispatch = useAppDispatch();
  const auth = useAppSelector(selectAuthConfigState);
  const env = useAppSelector(selectEnvConfigState);

  // Outside the Suspense boundary, so the requests do not wait for the translations.
  useEffect(() => {
    void dispatch(loadAuthConfig());
    void dispatch(loadEnvConfig());
  }, [dispatch]);

  let content: ReactNode;
  if (auth.status === 'failed') content = <ConfigLoadFailed />;
  else if (auth.status === 'succeeded' && auth.data && isSettled(env)) content = children(auth.data);
  else content = <LoadingScreen />;

  return <Suspense fallback={<BootPlaceholder />}>{content}</Suspense>;
}
