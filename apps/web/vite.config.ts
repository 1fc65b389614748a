import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: { proxy: { '/cms': 'http://localhost:3000', '/config': 'http://localhost:3000' } },
});
