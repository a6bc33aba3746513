import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../../cli/diagnostics/catalogue';
import { hasErrors } from '../../cli/diagnostics/diagnostic';
import { fileNameOf } from '../../cli/output/layout';
import { buildFixture, diagnosticsText, FIXTURES } from '../helpers/build-fixture';
import { expectSameFiles } from '../helpers/same-files';

/**
 * Every folder in tests/fixtures/ with content/ and expected/ is a case: content/ in, expected/ out.
 * A case with expected/diagnostics.txt is bad input: its diagnostics must
 * match exactly, and with errors it writes nothing. Others must build
 * cleanly; every case that builds (warnings only) must match its outputs.
 * `vitest -u` rewrites expected/ after a deliberate change.
 */
const cases = readdirSync(FIXTURES, { withFileTypes: true })
  .filter((e) => e.isDirectory() && existsSync(path.join(FIXTURES, e.name, 'content')) && existsSync(path.join(FIXTURES, e.name, 'expected')))
  .map((e) => e.name)
  .sort();

describe('fixtures', () => {
  it('has cases', () => {
    expect(cases.length).toBeGreaterThan(5);
  });

  for (const name of cases) {
    const expected = path.join(FIXTURES, name, 'expected');
    const isBadInput = name.startsWith('bad-') || existsSync(path.join(expected, 'diagnostics.txt'));

    it(`${name}`, async () => {
      const result = await buildFixture(name);
      if (isBadInput) {
        expect(result.diagnostics.length).toBeGreaterThan(0);
        await expect(diagnosticsText(name, result)).toMatchFileSnapshot(path.join(expected, 'diagnostics.txt'));
        if (hasErrors(result.diagnostics)) {
          expect(result.files.size).toBe(0);
          return;
        }
      } else {
        expect(result.diagnostics).toEqual([]);
      }
      const manifest = result.files.get('pages.json');
      expect(typeof manifest).toBe('string');
      await expect(JSON.stringify(JSON.parse(manifest as string), null, 2)).toMatchFileSnapshot(path.join(expected, 'pages.json'));
      await expect(JSON.stringify(JSON.parse(result.files.get('redirects.json') as string), null, 2)).toMatchFileSnapshot(
        path.join(expected, 'redirects.json'),
      );
      const pipelineFiles = [...result.files.keys()].filter((f) => /^[^/]+\.json$|^assets\/pages\//.test(f)).sort();
      await expect(`${pipelineFiles.join('\n')}\n`).toMatchFileSnapshot(path.join(expected, 'files.txt'));
      for (const page of result.manifest!.pages) {
        const chunk = JSON.parse(result.files.get(page.chunk) as string) as { html: string };
        await expect(`${chunk.html}\n`).toMatchFileSnapshot(path.join(expected, 'html', `${fileNameOf(page.path)}.html`));
      }
    });
  }

  it('has a bad-input case for every diagnostic code', () => {
    const reported = new Set<string>();
    for (const name of cases) {
      const file = path.join(FIXTURES, name, 'expected', 'diagnostics.txt');
      if (!existsSync(file)) continue;
      for (const m of readFileSync(file, 'utf8').matchAll(/^\S+:\d+:\d+ (?:error|warning) (\S+)$/gm)) reported.add(m[1]!);
    }
    // file/unreadable needs a read to fail, which no fixture file can do: tests/unit/cli/source/load-unreadable.test.ts covers it.
    // file/too-large needs a file over 1 MB, too big to keep in the repository: tests/integration/bad-input.test.ts makes one.
    // file/too-complex needs the compiled worker, which fixtures (run from source) have not: tests/unit/cli/page/pool.test.ts and
    // tests/integration/reliability.test.ts cover it.
    // file/similar-names needs two files one checkout on macOS or Windows cannot hold: tests/unit/cli/source/file-names.test.ts makes them.
    const notAsFixture = new Set(['file/unreadable', 'file/too-large', 'file/too-complex', 'file/similar-names']);
    const missing = Object.keys(CATALOGUE).filter((code) => !reported.has(code) && !notAsFixture.has(code));
    expect(missing).toEqual([]);
  });

  it('builds byte-identical output twice', async () => {
    const [a, b] = [await buildFixture('basic'), await buildFixture('basic')];
    expectSameFiles(b.files, a.files);
  });

  it('check reports what build reports, and emits nothing', async () => {
    const checked = await buildFixture('dead-anchor', 'check');
    const built = await buildFixture('dead-anchor', 'build');
    expect(checked.diagnostics).toEqual(built.diagnostics);
    expect(checked.files.size).toBe(0);
  });
});
