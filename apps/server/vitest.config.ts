import { defineConfig } from 'vitest/config';

// Unit tests sit next to the code in __tests__/; integration tests in test/ go through app.inject
// and run once per database (see vitest.integration.config.ts).
export default defineConfig({
  test: {
    include: ['src/**/__tests__/**/*.test.ts'],
    // The S3 driver's tests load the AWS SDK, which warns on Node 20 about its releases after January 2027.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    testTimeout: 20_000,
  },
});
