import { domainsSlice, persistSelectedDomain } from '../features/domains/index.js';
import { api } from '../lib/api.js';
import { lazyMiddleware, rootReducer } from './store.js';

/**
 * Adds what only the signed-in area uses to the store: RTK Query's reducer and middleware, and the
 * domain selection with its persistence. It runs when that chunk loads (and in tests that use the
 * API); running it again changes nothing.
 */
export function injectSignedInState(): void {
  rootReducer.inject(api);
  rootReducer.inject(domainsSlice);
  lazyMiddleware.addMiddleware(api.middleware, persistSelectedDomain);
}
