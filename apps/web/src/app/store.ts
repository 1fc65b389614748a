import { combineReducers, configureStore } from '@reduxjs/toolkit';
import i18next from 'i18next';
import { domainsReducer, persistSelectedDomain } from '../features/domains/index.js';
import {
  createErrorToastMiddleware,
  notificationReducer,
  type Translate,
} from '../features/notifications/index.js';
import { api } from '../lib/api.js';
import { configReducer } from '../lib/config/index.js';

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  config: configReducer,
  domains: domainsReducer,
  notification: notificationReducer,
});

export type RootState = ReturnType<typeof rootReducer>;

interface StoreOptions {
  preloadedState?: Partial<RootState>;
  /** The toast texts that the middleware writes itself ("Unknown error occurred"). */
  translate?: Translate;
}

export function makeStore({ preloadedState, translate = (key) => i18next.t(key) }: StoreOptions = {}) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware().concat(
        api.middleware,
        createErrorToastMiddleware(translate),
        persistSelectedDomain,
      ),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
