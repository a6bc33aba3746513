import { defineConfig } from 'vitest/config';

/**
 * Two groups, one after the other. Unit, integration and spec files run two
 * at a time (vitest's default on 2 cores is one: cores − 1). Browser tests
 * run one at a time after them: each drives Chromium and a server of its own,
 * and several check timing (a progress bar's delay, layout under throttling)
 * that a second busy file would skew.
 *
 * Files of a group share their worker's modules (isolate: false) instead of
 * importing the CLI, Playwright and their dependencies again for each of 200
 * files: about 1 s a file, 11m19s for `npm test` against 13m-14m. A file
 * that mocks a module loads what reads it anew (vi.resetModules, see
 * load-unreadable.test.ts). The browser harness builds the shared fixture
 * once for all of its files.
 */
const shared = {
  // In CI a missing snapshot is a failure, never silently written.
  update: false,
  testTimeout: 30_000,
  hookTimeout: 120_000,
};

export default defineConfig({
  test: {
    ...shared,
    projects: [
      {
        extends: true,
        test: { name: 'node', include: ['tests/{unit,integration,spec}/**/*.test.{ts,tsx}'], maxWorkers: 2, isolate: false, sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        test: { name: 'browser', include: ['tests/e2e/**/*.test.{ts,tsx}'], maxWorkers: 1, isolate: false, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
