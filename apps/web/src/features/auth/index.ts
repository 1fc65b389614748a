export { LoginScreen } from './components/login-screen.js';
export { UserCard } from './components/user-card.js';
export { useSilentRenewRetry } from './hooks/use-silent-renew-retry.js';
export { authErrorKey } from './auth-error.js';
export { displayNameOf } from './display-name.js';
