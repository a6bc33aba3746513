import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bodyObject, decodeBody, encodeBody } from '../../../../cli/page/body-bytes';
import { createPageCache } from '../../../../cli/page/cache';
import type { PageBody, PageContext, PageSummary } from '../../../../cli/page/types';
import { sourceFile } from '../../../helpers/pages';

const body: PageBody = {
  html: '<p>Caf\u00e9 \u{1F600} <a href="\u0000link:0">x</a></p>\n',
  parts: { search: [{ anchor: 'intro', text: 'Intro \u2014 text' }], 'markdown-copy': { markdown: '# T\n\n```js\nconst a = "\\n";\n```\n' } },
};

describe('cli/page/body-bytes: a body as the UTF-8 bytes of its JSON', () => {
  it('reads back equal to the body it was made from, and its bytes are what JSON.stringify writes', () => {
    const bytes = encodeBody(body);
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(bytes).toString('utf8')).toBe(JSON.stringify(body));
    expect(decodeBody(bytes)).toEqual(body);
    expect(bodyObject(bytes)).toEqual(body);
    expect(bodyObject(body)).toBe(body);
  });

  it('gives nothing for damaged bytes or JSON of another shape', () => {
    const bytes = encodeBody(body);
    expect(decodeBody(bytes.subarray(0, bytes.length - 3))).toBeUndefined();
    expect(decodeBody(new TextEncoder().encode('null'))).toBeUndefined();
    expect(decodeBody(new TextEncoder().encode('{"html":1,"parts":{}}'))).toBeUndefined();
    expect(decodeBody(new TextEncoder().encode('{"html":"","parts":null}'))).toBeUndefined();
  });
});

describe('cli/page/cache: a body given as bytes', () => {
  it('makes the same entry as the body given as an object, and reads back equal', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'docsbuild-body-bytes-'));
    try {
      const cache = createPageCache({ dir, toolVersion: 'bytes' });
      const context: PageContext = { constants: {}, reportConstants: true, headerLevels: [2, 3], render: true, codeLanguages: [] };
      const source = sourceFile('a.md', '# A\n');
      const summary: PageSummary = { relativePath: 'a.md', file: 'content/a.md', diagnostics: [] };
      const file = path.join(dir, 'pages', cache.keyOf(source, context).slice(0, 2), `${cache.keyOf(source, context)}.json`);
      expect(await cache.set(source, context, { summary, body })).toBe(true);
      const fromObject = await readFile(file);
      expect(await cache.set(source, context, { summary, body: encodeBody(body) })).toBe(true);
      expect(await readFile(file)).toEqual(fromObject);
      expect(await cache.body(source, context)).toEqual(body);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
