import { describe, expect, it } from 'vitest';
import * as api from '../../../cli/index';

describe('cli/index', () => {
  it('exports exactly the public API', () => {
    expect(Object.keys(api).sort()).toEqual([
      'CATALOGUE',
      'ConfigError',
      'UsageError',
      'baselineOf',
      'build',
      'defineConfig',
      'formatBaseline',
      'formatGithub',
      'formatJson',
      'formatSummary',
      'formatText',
      'matchBaseline',
      'resolveConfig',
      'serializeBaseline',
      'writeOutput',
    ]);
  });
});
