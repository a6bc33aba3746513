import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    // In CI a missing snapshot is a failure, never silently written.
    update: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
