import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const server = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  // Every browser the app supports loads modules natively; the polyfill would only add bytes.
  build: { modulePreload: { polyfill: false } },
  // In development the API, the configuration documents and the built-in sign-in come from the server.
  server: { proxy: { '/cms': server, '/config': server, '/oidc': server, '/storage': server } },
});
