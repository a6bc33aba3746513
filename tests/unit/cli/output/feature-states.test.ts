import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FeatureStates } from '../../../../cli/output/feature-states';

describe('FeatureStates', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'docsbuild-feature-states-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('gives back what was saved, per feature; nothing for another tool version or a damaged file', async () => {
    const states = new FeatureStates(dir, 'v1');
    expect(await states.load('search')).toBeUndefined();
    const state = new Map([['page-key', { docs: [['', '']], counted: [[2, [['word', 1]]]] }]]);
    await states.save('search', state);
    await states.save('llms-full', { key: 'k', copies: [['c', 10, 5]] });
    expect(await states.load('search')).toEqual(state);
    expect(await states.load('llms-full')).toEqual({ key: 'k', copies: [['c', 10, 5]] });
    expect(await new FeatureStates(dir, 'v2').load('search')).toBeUndefined();

    const file = states.fileOf('search');
    const bytes = readFileSync(file);
    bytes[bytes.length - 1]! ^= 0xff;
    writeFileSync(file, bytes);
    expect(await states.load('search')).toBeUndefined();
    expect(await states.load('llms-full')).toEqual({ key: 'k', copies: [['c', 10, 5]] });
  });
});
