import { StrictMode, Suspense } from 'react';
import { Provider } from 'react-redux';
import { ErrorBoundary } from '../components/errors/error-boundary.js';
import { ToastHost } from '../features/notifications/index.js';
import { AppAuthProvider } from './auth-provider.js';
import { ConfigGate } from './config-gate.js';
import { AppRoutes } from './router.js';
import type { AppStore } from './store.js';

/** Store, configuration, sign-in and routes, in the order each needs the one before. */
export function AppProvider({ store }: { store: AppStore }) {
  return (
    <StrictMode>
      <Provider store={store}>
        <ConfigGate>
          {(authConfig) => (
            <ErrorBoundary>
              <AppAuthProvider authConfig={authConfig}>
                <AppRoutes />
              </AppAuthProvider>
            </ErrorBoundary>
          )}
        </ConfigGate>
        <Suspense fallback={null}>
          <ToastHost />
        </Suspense>
      </Provider>
    </StrictMode>
  );
}
