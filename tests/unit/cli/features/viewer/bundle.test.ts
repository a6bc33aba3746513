import { describe, expect, it } from 'vitest';
import { bundleViewer, COMPILE_HINT } from '../../../../../cli/features/viewer/bundle';

describe('cli/bundle', () => {
  it('bundles the viewer into hashed assets, the same bytes every time', async () => {
    const first = await bundleViewer({ base: '/docs/' });
    const second = await bundleViewer({ base: '/docs/' });
    expect(first.script).toMatch(/^assets\/main\.[A-Z0-9]{8}\.js$/);
    expect(first.styles).toHaveLength(1);
    expect(first.styles[0]).toMatch(/^assets\/main\.[A-Z0-9]{8}\.css$/);
    for (const name of [first.script, ...first.styles, ...first.preloads]) expect(first.files.has(name), name).toBe(true);
    for (const name of first.files.keys()) expect(name.startsWith('assets/'), name).toBe(true);
    expect([...second.files.keys()]).toEqual([...first.files.keys()]);
    for (const [name, bytes] of first.files) expect(Buffer.from(second.files.get(name)!).equals(Buffer.from(bytes)), name).toBe(true);
  });

  it('pulls in the viewer, React and types only: no zod, nothing from cli/', async () => {
    const { inputs, files, script } = await bundleViewer({ base: '/docs/' });
    expect(inputs.some((i) => i.startsWith('viewer/'))).toBe(true);
    expect(inputs.some((i) => i.includes('node_modules/react-dom/'))).toBe(true);
    expect(inputs.filter((i) => i.startsWith('cli/') || i.includes('node_modules/zod/') || i.startsWith('schema/'))).toEqual([]);
    // The production build of React, not the development one.
    expect(inputs.filter((i) => i.includes('.development.'))).toEqual([]);
    expect(new TextDecoder().decode(files.get(script))).not.toContain('process.env');
  });

  it('resolves asset URLs against the base', async () => {
    const { files, styles } = await bundleViewer({ base: '/handbook/' });
    expect(files.size).toBeGreaterThanOrEqual(2);
    expect(new TextDecoder().decode(files.get(styles[0]!))).toContain('light-dark(');
  });

  it('puts V8\'s compile hint first in the scripts of the first load, and in no script loaded later', async () => {
    const { files, script, preloads } = await bundleViewer({ base: '/docs/' });
    const text = (name: string) => new TextDecoder().decode(files.get(name));
    const firstLoad = [script, ...preloads];
    expect(preloads.length).toBeGreaterThan(0);
    for (const name of firstLoad) expect(text(name).startsWith(COMPILE_HINT), name).toBe(true);
    const later = [...files.keys()].filter((name) => name.endsWith('.js') && !firstLoad.includes(name));
    expect(later.some((name) => name.includes('search-panel'))).toBe(true);
    for (const name of later) expect(text(name), name).not.toContain('allFunctionsCalledOnLoad');
  });
});
