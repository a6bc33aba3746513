import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BuildResult } from '../../cli/build';
import { decodeUtf8 } from '../../cli/source/load';
import { tempSite } from '../helpers/temp-site';

/**
 * Random sites thrown at the whole pipeline. Properties: no exception
 * escapes; every diagnostic points into a file that exists, at a line that
 * file has; the same input builds to the same bytes. A bounded number of
 * runs in CI; more with DOCSBUILD_FUZZ_RUNS (and a seed with
 * DOCSBUILD_FUZZ_SEED, to replay a failure fast-check reports).
 */
const RUNS = Number(process.env.DOCSBUILD_FUZZ_RUNS ?? 60);
const SEED = process.env.DOCSBUILD_FUZZ_SEED === undefined ? undefined : Number(process.env.DOCSBUILD_FUZZ_SEED);
const settings = (numRuns: number) => ({ numRuns, seed: SEED, endOnFailure: true });

const PAGE_FILES = ['README.md', 'a.md', 'b/README.md', 'c/d.md'] as const;
const PAGE_PATHS = ['/', '/a.html', '/b/', '/c/d.html'];
const SITE_YAML = 'title: Fuzz\nbase: /docs/\nconstants:\n  KNOWN: value\nsidebar:\n  - /\n  - /a.html\n  - /b/\n  - /c/d.html\n';

// ---- Markdown, from a small grammar plus noise --------------------------------------------------

const words = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('alpha', 'Beta', 'gamma', 'limits', 'Step', 'über', 'größe', '日本語', 'שלום', 'e\u0301', '👩‍💻', 'a\u200bb', '__proto__', 'constructor') },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }) },
  { weight: 1, arbitrary: fc.constantFrom('<', '>', '&', '&amp;', '&#106;', '*', '_', '[', ']', '`', '\\', '|', '{{', '}}', ':::', '#', '---') },
);
const phrase = fc.array(words, { minLength: 1, maxLength: 4 }).map((w) => w.join(' '));
const target = fc.oneof(
  fc.constantFrom(...PAGE_PATHS, './a.md', '../README.md', './b/README.md#x', '/docs/a.html', '/a.html#alpha', '#alpha', '#'),
  fc.constantFrom('javascript:alert(1)', 'JaVaScRiPt:x', 'java&#x09;script:x', '&#32;javascript:x', 'data:text/html,x', 'https://example.com/', 'mailto:a@b.c'),
  fc.constantFrom('/nowhere/', './missing.md', 'img.png', '../../etc/passwd', '//evil.example/', ''),
  words.map((w) => `/${encodeURIComponent(w)}/`),
  words.map((w) => `#${w}`),
);
const inline = fc.oneof(
  { weight: 6, arbitrary: phrase },
  { weight: 1, arbitrary: phrase.map((p) => `*${p}*`) },
  { weight: 1, arbitrary: phrase.map((p) => `**${p}**`) },
  { weight: 1, arbitrary: phrase.map((p) => `\`${p}\``) },
  { weight: 2, arbitrary: fc.tuple(phrase, target).map(([t, u]) => `[${t}](${u})`) },
  { weight: 1, arbitrary: fc.tuple(phrase, target).map(([t, u]) => `![${t}](${u})`) },
  { weight: 1, arbitrary: fc.constantFrom('{{ $const.KNOWN }}', '{{ $const.UNKNOWN }}', '{{ $site.themeConfig.KNOWN }}', '{{steps.x}}') },
  { weight: 1, arbitrary: fc.constantFrom('<b>x</b>', '<span onclick="x()">y</span>', '<img src=x onerror=alert(1)>', '<kbd>K</kbd>', '<a href="javascript:x">j</a>', '</div>', '<br>', '<!-- c -->') },
);
const line = fc.array(inline, { minLength: 1, maxLength: 5 }).map((parts) => parts.join(' '));
const htmlBlock = fc.constantFrom(
  '<div class="x" onclick="y()">\n\ntext\n\n</div>',
  '<script>alert(1)</script>',
  '<details open><summary>S</summary>body</details>',
  '<iframe src="https://www.youtube-nocookie.com/embed/x"></iframe>',
  '<svg><script>alert(1)</script></svg>',
  '<table><tr><td>cell',
  '<style>p{}</style>',
  '<!-- comment -->',
  '<div>'.repeat(40),
);

const { block } = fc.letrec<{ block: string }>((tie) => ({
  block: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 4, arbitrary: line },
    { weight: 2, arbitrary: fc.tuple(fc.integer({ min: 1, max: 6 }), line).map(([n, l]) => `${'#'.repeat(n)} ${l}`) },
    { weight: 1, arbitrary: fc.array(fc.tuple(fc.boolean(), line), { minLength: 1, maxLength: 4 }).map((items) => items.map(([o, l], i) => `${o ? `${i + 1}.` : '-'} ${l}`).join('\n')) },
    { weight: 1, arbitrary: tie('block').map((b) => b.split('\n').map((l) => `> ${l}`).join('\n')) },
    { weight: 1, arbitrary: tie('block').map((b) => b.split('\n').map((l) => `  ${l}`).join('\n')).map((b) => `- item\n${b}`) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('js', 'jsx2', 'text', '', 'html', 'yaml', 'bash'), phrase).map(([lang, code]) => `\`\`\`${lang}\n${code}\n{{ $const.KNOWN }}\n\`\`\``) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom('tip', 'warning', 'danger', 'details Title', 'note', 'tip <b>T</b>'), tie('block'), fc.boolean())
        .map(([kind, inner, closed]) => `::: ${kind}\n${inner}${closed ? '\n:::' : ''}`),
    },
    { weight: 1, arbitrary: fc.constantFrom('[[toc]]', '---', '| a | b |\n| - | - |\n| 1 | 2 |', ':::', '[ref]: javascript:x\n\n[r][ref]') },
    { weight: 1, arbitrary: htmlBlock },
  ),
}));
const body = fc.tuple(fc.array(block, { maxLength: 8 }), fc.constantFrom('\n\n', '\n')).map(([blocks, sep]) => blocks.join(sep));

// ---- Frontmatter: valid, broken, hostile ------------------------------------------------------------

const yamlNoise = fc.string({ unit: fc.constantFrom(...'abc: -[]{}&*!|>\'"#%@`\n\t ,?'.split('')), maxLength: 60 });
const frontmatter = fc.oneof(
  { weight: 3, arbitrary: fc.constant('') },
  { weight: 2, arbitrary: fc.tuple(phrase, fc.boolean()).map(([t, d]) => `---\ntitle: ${JSON.stringify(t)}\n${d ? 'description: About it\n' : ''}---\n`) },
  { weight: 2, arbitrary: yamlNoise.map((y) => `---\n${y}\n---\n`) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '---\n- a\n- b\n---\n',
      '---\n42\n---\n',
      '---\ntitle: a\ntitle: b\n---\n',
      '---js\n{ title: "x" }\n---\n',
      '---\ntitle: [unclosed\n---\n',
      '---\ntitel: typo\npermalink: /a/../b/\n---\n',
      '---\npermalink: /a.html\n---\n',
      '---\nprev: /nowhere/\nnext: false\n---\n',
      '---\na: &a [x, x, x, x, x, x, x, x, x, x]\nb: [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\n---\n',
      '---\ntitle: no end\n',
    ),
  },
);

/** A page as bytes: frontmatter and body, maybe with a BOM, CRLF, or a NUL. */
const pageBytes = fc.tuple(frontmatter, body, fc.constantFrom('lf', 'lf', 'crlf', 'bom', 'nul', 'empty')).map(([fm, b, form]) => {
  const text = `${fm}${b}\n`;
  if (form === 'crlf') return Buffer.from(text.replace(/\n/g, '\r\n'));
  if (form === 'bom') return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]);
  if (form === 'nul') return Buffer.from(`${text}\u0000`);
  if (form === 'empty') return Buffer.alloc(0);
  return Buffer.from(text);
});
const site = fc
  .tuple(pageBytes, fc.subarray([...PAGE_FILES.slice(1)]), fc.array(pageBytes, { minLength: 3, maxLength: 3 }))
  .map(([home, others, pages]) => {
    const files: Record<string, Buffer> = { 'site.yaml': Buffer.from(SITE_YAML), 'README.md': home };
    others.forEach((name, i) => (files[name] = pages[i]!));
    return files;
  });

// ---- Valid-ish sites, for determinism of a full build (errors would stop it before output) ----------

const safeInline = fc.oneof(phrase, fc.constantFrom(...PAGE_PATHS).map((p) => `[link](${p})`), fc.constantFrom('<kbd>K</kbd>', '<span onclick="x()">y</span>', '`code`', '{{ $const.KNOWN }}'));
const safeBlock = fc.oneof(
  // A line that starts with ":::" opens a container of whatever type follows: an error, not noise.
  fc.array(safeInline, { minLength: 1, maxLength: 4 }).map((p) => p.join(' ')).map((l) => (l.startsWith(':::') ? `Text ${l}` : l)),
  fc.tuple(fc.integer({ min: 2, max: 3 }), words).map(([n, w]) => `${'#'.repeat(n)} ${w.replace(/[\\`*_[\]<>&#|{}:-]/g, '') || 'x'}`),
  fc.tuple(fc.constantFrom('js', 'yaml', 'text'), phrase).map(([lang, code]) => `\`\`\`${lang}\n${code}\n\`\`\``),
  fc.constantFrom('::: tip\nInside.\n:::', '[[toc]]', '<div class="x">html</div>', '> quoted'),
);
const validSite = fc.array(fc.array(safeBlock, { maxLength: 6 }), { minLength: 4, maxLength: 4 }).map((bodies) => {
  const files: Record<string, string> = { 'site.yaml': SITE_YAML };
  PAGE_FILES.forEach((name, i) => (files[name] = `# Page ${i}\n\n${bodies[i]!.join('\n\n')}\n`));
  return files;
});

// ---- The properties ---------------------------------------------------------------------------------

/** Lines per file as the pipeline counts them (after decoding). */
/** Each input file's lines as the pipeline counts them (after decoding). */
function linesOf(files: Record<string, Buffer | string>): Map<string, string[]> {
  const lines = new Map<string, string[]>();
  for (const [name, content] of Object.entries(files)) {
    const text = typeof content === 'string' ? content : (decodeUtf8(content) ?? content.toString('latin1'));
    lines.set(`content/${name}`, text.split(/\r\n?|\n/));
  }
  return lines;
}

/** Every diagnostic names an input file, a line it has, and a column on that line (or just past its end). */
function expectPlacedInInput(result: BuildResult, files: Record<string, Buffer | string>): void {
  const lines = linesOf(files);
  for (const d of result.diagnostics) {
    const fileLines = lines.get(d.file);
    expect(fileLines, `${d.code} names ${d.file}, which is not an input file`).toBeDefined();
    const where = `${d.code} at ${d.file}:${d.line}:${d.column} (${fileLines!.length} lines): ${d.message}`;
    expect(d.line, where).toBeGreaterThanOrEqual(1);
    expect(d.line, where).toBeLessThanOrEqual(fileLines!.length);
    expect(d.column, where).toBeGreaterThanOrEqual(1);
    expect(d.column, where).toBeLessThanOrEqual(fileLines![d.line - 1]!.length + 1);
  }
}

describe('fuzz: random content through the pipeline', () => {
  it(`never throws, and places every diagnostic inside an input file (${RUNS} sites)`, async () => {
    await fc.assert(
      fc.asyncProperty(site, async (files) => {
        const temp = tempSite(files);
        try {
          const first = await temp.build('check');
          expectPlacedInInput(first, files);
          // Checking is deterministic too: the same input, the same report.
          expect((await temp.build('check')).diagnostics).toEqual(first.diagnostics);
        } finally {
          temp.remove();
        }
      }),
      settings(RUNS),
    );
  }, 120_000 + RUNS * 2_000);

  const builds = Math.max(4, Math.round(RUNS / 10));
  it(`builds the same bytes twice from the same input, sanitized HTML included (${builds} sites)`, async () => {
    await fc.assert(
      fc.asyncProperty(validSite, async (files) => {
        const temp = tempSite(files);
        try {
          const [a, b] = [await temp.build('build'), await temp.build('build')];
          expect(a.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
          expect(a.files.size).toBeGreaterThan(10);
          expect([...b.files.keys()]).toEqual([...a.files.keys()]);
          for (const [name, content] of a.files) expect(b.files.get(name), name).toEqual(content);
          expectPlacedInInput(a, files);
        } finally {
          temp.remove();
        }
      }),
      settings(builds),
    );
  }, 120_000 + RUNS * 2_000);
});
