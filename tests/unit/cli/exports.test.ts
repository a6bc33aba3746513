import { describe, expect, it } from 'vitest';
import * as api from '../../../cli/index';

describe('cli/index', () => {
  it('exports exactly the public API', () => {
    expect(Object.keys(api).sort()).toEqual([
      'CATALOGUE',
      'ConfigError',
      'UsageError',
      'build',
      'defineConfig',
      'formatGithub',
      'formatJson',
      'formatSummary',
      'formatText',
      'resolveConfig',
      'writeOutput',
    ]);
  });
});
