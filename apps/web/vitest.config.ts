import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Component and unit tests in jsdom; they sit next to the code in __tests__/.
export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['src/**/__tests__/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
