import { defineConfig } from 'vitest/config';

// Unit tests sit next to the code in __tests__/; integration tests in test/ go through app.inject
// and run once per database (see vitest.integration.config.ts).
export default defineConfig({
  test: {
    include: ['src/**/__tests__/**/*.test.ts'],
    testTimeout: 20_000,
  },
});
