import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider.js';
import { preloadSignedInPage } from './app/lazy-pages.js';
import { makeStore } from './app/store.js';
import './components/ui/theme.css';
import './components/ui/base.css';
import { paths } from './config/paths.js';
import { initI18n } from './lib/i18n.js';
import { hasStoredSession } from './lib/oidc.js';

void initI18n();

// A returning user, or one coming back from the provider, will need the signed-in area and the
// page for the address: load them alongside the configuration rather than after the session is
// restored.
if (hasStoredSession() || window.location.pathname === paths.authCallback) {
  preloadSignedInPage(window.location.pathname);
}

createRoot(document.getElementById('root')!).render(<AppProvider store={makeStore()} />);
