import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DOCSEARCH_API_KEY_ENV, resolveConfig } from '../../../cli/config';
import { searchSetting } from '../../../cli/site/site-record';

const ROOT = path.resolve(__dirname, '../../fixtures/basic');
const DOCSEARCH = { appId: 'BH4D9OD16A', apiKey: '0f2c8e1bd26a8f8b6d2a9c3e4f5a6b7c', indexName: 'pipedream', facetFilters: ['version:latest'] };
const KEY = 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6';

describe('cli/config', () => {
  it('reads the environment once, into the resolved config', () => {
    expect(resolveConfig(ROOT, { config: false }, {}).docsearchApiKey).toBeUndefined();
    expect(resolveConfig(ROOT, { config: false }, { DOCSBUILD_DOCSEARCH_API_KEY: '' }).docsearchApiKey).toBeUndefined();
    expect(resolveConfig(ROOT, { config: false }, { DOCSBUILD_DOCSEARCH_API_KEY: KEY }).docsearchApiKey).toBe(KEY);
    expect(resolveConfig(ROOT, { config: false }, { DOCSBUILD_TIMINGS: '1' }).timings).toBe(true);
    expect(resolveConfig(ROOT, { config: false }, {}).timings).toBe(false);
  });

  it(`refuses a malformed ${DOCSEARCH_API_KEY_ENV} as a usage error, naming the variable`, () => {
    expect(() => resolveConfig(ROOT, { config: false }, { DOCSBUILD_DOCSEARCH_API_KEY: 'has spaces in it' })).toThrow(ConfigError);
    expect(() => resolveConfig(ROOT, { config: false }, { DOCSBUILD_DOCSEARCH_API_KEY: 'short' })).toThrow(
      /DOCSBUILD_DOCSEARCH_API_KEY must be a search-only API key/,
    );
  });

  it('reads --previous as a flag: a file that is no pages.json is a usage error', () => {
    expect(() => resolveConfig(ROOT, { config: false, previous: 'missing.json' }, {})).toThrow(/--previous missing\.json could not be read/);
    const previous = resolveConfig(path.resolve(ROOT, '../bad-previous'), { config: false, previous: 'previous-pages.json' }, {}).previous;
    expect(previous?.file).toBe('previous-pages.json');
    expect(previous?.paths.length).toBeGreaterThan(0);
  });

  it('caps --threads at the cores, and says so', () => {
    const config = resolveConfig(ROOT, { config: false, threads: 4096 }, {});
    expect(config.notices).toEqual([expect.stringMatching(/^--threads 4096 is more than the \d+ cores here: using \d+\.$/)]);
    expect(resolveConfig(ROOT, { config: false, threads: 1 }, {}).notices).toEqual([]);
  });

  it('runs pages in this thread without a cache unless asked (the library), with one when asked (the CLI)', () => {
    expect(resolveConfig(ROOT, { config: false }, {}).pages).toEqual({});
    expect(resolveConfig(ROOT, { config: false, cache: true, cacheDir: 'c' }, {}).pages.cache?.dir).toBe(path.join(ROOT, 'c'));
  });
});

describe('cli/config: the baseline', () => {
  const withFolder = (test: (root: string) => void) => {
    const root = mkdtempSync(path.join(tmpdir(), 'docsbuild-config-'));
    mkdirSync(path.join(root, 'content'));
    try {
      test(root);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  };

  it('has no known problems without the default file, and knows where to write it', () =>
    withFolder((root) => {
      expect(resolveConfig(root, { config: false }, {}).baseline).toEqual({ path: path.join(root, 'docsbuild-baseline.json'), file: 'docsbuild-baseline.json' });
    }));

  it('reads the default file, or the one --baseline names', () =>
    withFolder((root) => {
      const problems = [{ file: 'content/a.md', code: 'link/dead', text: '/x/', occurrence: 0 }];
      writeFileSync(path.join(root, 'docsbuild-baseline.json'), JSON.stringify({ version: 1, problems }));
      expect(resolveConfig(root, { config: false }, {}).baseline.known).toEqual({ version: 1, problems });
      writeFileSync(path.join(root, 'other.json'), JSON.stringify({ version: 1, problems: [] }));
      expect(resolveConfig(root, { config: false, baseline: 'other.json' }, {}).baseline).toMatchObject({ file: 'other.json', known: { problems: [] } });
    }));

  it('does not read the file a run rewrites, which need not exist yet', () =>
    withFolder((root) => {
      writeFileSync(path.join(root, 'docsbuild-baseline.json'), 'not json');
      expect(resolveConfig(root, { config: false, updateBaseline: true }, {}).baseline.known).toBeUndefined();
      expect(resolveConfig(root, { config: false, baseline: 'new.json', updateBaseline: true }, {}).baseline.file).toBe('new.json');
    }));

  it('refuses a missing --baseline file and a file that is not a baseline, as usage errors', () =>
    withFolder((root) => {
      expect(() => resolveConfig(root, { config: false, baseline: 'missing.json' }, {})).toThrow(/--baseline missing\.json does not exist/);
      writeFileSync(path.join(root, 'docsbuild-baseline.json'), '{"version":1,"problems":[{"file":"a"}]}');
      expect(() => resolveConfig(root, { config: false }, {})).toThrow(ConfigError);
      expect(() => resolveConfig(root, { config: false }, {})).toThrow(/The baseline docsbuild-baseline\.json is not a docsbuild baseline/);
    }));
});

describe('cli/site/site-record: docsearch key', () => {
  it('the setting changes only when the environment gives a key', () => {
    const setting = { provider: 'docsearch' as const, docsearch: DOCSEARCH };
    expect(searchSetting(setting, undefined)).toBe(setting);
    expect(searchSetting(setting, KEY).docsearch).toEqual({ ...DOCSEARCH, apiKey: KEY });
    expect(searchSetting({ provider: 'local' }, KEY)).toEqual({ provider: 'local' });
  });
});

describe('cli/config: the content folder', () => {
  it('a missing --content folder is a usage error naming it, not an internal error', () => {
    expect(() => resolveConfig(ROOT, { config: false, content: 'nope' }, {})).toThrow(/The content folder nope does not exist/);
  });
});
