import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider.js';
import { loadSignedInArea } from './app/routes/require-auth.js';
import { makeStore } from './app/store.js';
import './components/ui/theme.css';
import './components/ui/base.css';
import { paths } from './config/paths.js';
import { initI18n } from './lib/i18n.js';
import { hasStoredSession } from './lib/oidc.js';

void initI18n();

// A returning user, or one coming back from the provider, will need the signed-in area: load it
// alongside the configuration rather than after the session is restored. A failed load shows
// through the error boundary when the area renders, so it is ignored here.
if (hasStoredSession() || window.location.pathname === paths.authCallback) {
  loadSignedInArea().catch(() => undefined);
}

createRoot(document.getElementById('root')!).render(<AppProvider store={makeStore()} />);
