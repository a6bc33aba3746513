import { describe, expect, it } from 'vitest';
import { writePlanned, writePlannedParts } from '../../../../cli/output/plan';
import { MemoryOutput } from '../../../../cli/output/sink';
import { DevOutput } from '../../../../cli/serve/dev-output';

describe('cli/output/plan', () => {
  it('makes a keyed file once, then takes it over unmade in the next build', async () => {
    let made = 0;
    const file = { name: 'a.txt', reuseKey: 'k1', make: () => `made ${++made}` };
    const first = new MemoryOutput();
    expect(await writePlanned(first, file)).toEqual({ name: 'a.txt', meta: undefined, reused: false });
    const second = new MemoryOutput(first);
    expect(await writePlanned(second, file)).toEqual({ name: 'a.txt', meta: undefined, reused: true });
    expect(made).toBe(1);
    expect(second.files.get('a.txt')).toBe('made 1');
    // Another key: made again.
    expect((await writePlanned(new MemoryOutput(second), { ...file, reuseKey: 'k2' })).reused).toBe(false);
    expect(made).toBe(2);
  });

  it('a sink that defers files (the dev server\'s) makes one with makeLater when it is first read, once, and takes it over unmade next build', async () => {
    const calls = { make: 0, later: 0 };
    const file = { name: 'p.html', reuseKey: 'html:1', make: () => `now ${++calls.make}`, makeLater: async () => `later ${++calls.later}` };
    const first = new DevOutput();
    expect(await writePlanned(first, file)).toEqual({ name: 'p.html', reused: false });
    expect(calls).toEqual({ make: 0, later: 0 });
    expect(first.has('p.html')).toBe(true);
    expect(first.names()).toEqual(['p.html']);
    expect(first.files.has('p.html')).toBe(false);
    expect(Buffer.from((await first.read('p.html'))!).toString()).toBe('later 1');
    expect(Buffer.from((await first.read('p.html'))!).toString()).toBe('later 1');
    expect(calls.later).toBe(1);
    // Taken over with the same key: the same deferred file, made already.
    const second = new DevOutput(first);
    expect((await writePlanned(second, file)).reused).toBe(true);
    expect(second.deferredFiles.get('p.html')).toBe(first.deferredFiles.get('p.html'));
    expect(calls.later).toBe(1);
    // A name comes once, deferred or not.
    await expect(second.put('p.html', 'again')).rejects.toThrow(/made twice/);
    // A sink that does not defer (a folder, the library's memory) is given the content at once.
    const plain = new MemoryOutput();
    await writePlanned(plain, file);
    expect(plain.files.get('p.html')).toBe('now 1');
  });

  it('names a file from its content, and keeps its meta across builds', async () => {
    const file = { name: (c: string | Uint8Array) => `h.${String(c).length}.json`, keyFromName: (n: string) => `c:${n}`, make: () => 'abcd', metaOf: () => 7 };
    const first = new MemoryOutput();
    expect(await writePlanned(first, file)).toEqual({ name: 'h.4.json', meta: 7, reused: false });
    // Without a reuseKey the content is made, but the previous file is kept rather than written again.
    expect(await writePlanned(new MemoryOutput(first), file)).toEqual({ name: 'h.4.json', meta: 7, reused: true });
  });

  it('writePlannedParts: a sink without putParts is given the parts joined, and a keyed file is taken over unmade next time', async () => {
    let made = 0;
    const file = {
      name: 'full.txt',
      reuseKey: 'full:1',
      async *parts() {
        made++;
        yield new TextEncoder().encode('one ');
        yield new TextEncoder().encode('two');
      },
    };
    const first = new MemoryOutput();
    expect(await writePlannedParts(first, file)).toEqual({ name: 'full.txt', reused: false });
    expect(Buffer.from(first.files.get('full.txt') as Uint8Array).toString()).toBe('one two');
    expect(await writePlannedParts(new MemoryOutput(first), file)).toEqual({ name: 'full.txt', meta: undefined, reused: true });
    expect(made).toBe(1);
  });
});
