import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider.js';
import { makeStore } from './app/store.js';
import './components/ui/theme.css';
import './components/ui/base.css';
import { initI18n } from './lib/i18n.js';

void initI18n();

createRoot(document.getElementById('root')!).render(<AppProvider store={makeStore()} />);
