/**
 * `npm run bench:preview`: builds the real site (content/), starts
 * `docsbuild preview` on loopback as its own process, and runs autocannon
 * against it for 10 s with a mix of what readers fetch (HTML pages, the
 * route data, page chunks, the viewer bundle) asking for brotli or gzip.
 * Prints requests/s, latency and errors, and writes tests/bench/PREVIEW.md.
 * Not part of `npm test`: it takes a machine to itself for 10 s.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = path.join(ROOT, 'build', 'bin.js');
const DURATION_S = 10;
const CONNECTIONS = 32;

async function run(args: string[]): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`docsbuild ${args[0]} exited with ${code}`))));
  });
}

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'docsbuild-bench-preview-'));
  const out = path.join(dir, 'dist');
  try {
    await run(['build', '--out', out]);
    const server = spawn(process.execPath, [BIN, 'preview', '--out', out, '--port', '0', '--host', '127.0.0.1'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let text = '';
        server.stderr.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          const found = /http:\/\/\S+/.exec(text);
          if (found) resolve(found[0]);
        });
        server.on('exit', (code) => reject(new Error(`preview exited with ${code}: ${text}`)));
      });
      const base = new URL(url).pathname;
      const manifest = JSON.parse(await readFile(path.join(out, 'pages.json'), 'utf8')) as { pages: { path: string; chunk: string }[] };
      const scripts = (await readdir(path.join(out, 'assets'))).filter((n) => /\.(js|css)$/.test(n)).map((n) => `${base}assets/${n}`);
      const pages = manifest.pages.filter((_, i) => i % 7 === 0);
      const paths = [
        ...pages.map((p) => `${base}${p.path.slice(1)}`),
        ...pages.map((p) => `${base}${p.chunk}`),
        `${base}routes.json`,
        ...(await readdir(path.join(out, 'assets', 'routes'))).map((n) => `${base}assets/routes/${n}`),
        ...scripts,
        `${base}no-such-page/`,
      ];
      // One untimed pass fills the preview's compression cache, as the first readers would.
      for (const p of paths) await fetch(new URL(p, url), { headers: { 'Accept-Encoding': 'br, gzip' } }).then((r) => r.arrayBuffer());
      const result = await autocannon({
        url: new URL(url).origin,
        connections: CONNECTIONS,
        duration: DURATION_S,
        headers: { 'Accept-Encoding': 'br, gzip' },
        requests: paths.map((p) => ({ method: 'GET', path: p })),
      });
      // The one 404 in the mix is expected: the not-found page, with its status.
      const report = [
        '# docsbuild preview under load',
        '',
        `\`npm run bench:preview\`: autocannon, ${CONNECTIONS} connections for ${DURATION_S} s on loopback against \`docsbuild preview\``,
        `serving the real site (${manifest.pages.length} pages), cycling through ${paths.length} URLs (HTML pages, page chunks, routes.json,`,
        'the route shards, the viewer bundle and one unknown path), `Accept-Encoding: br, gzip`.',
        '',
        '| requests/s (mean) | latency p50 | latency p99 | max | requests | errors | timeouts | non-2xx |',
        '| --- | --- | --- | --- | --- | --- | --- | --- |',
        `| ${Math.round(result.requests.average)} | ${result.latency.p50} ms | ${result.latency.p99} ms | ${result.latency.max} ms | ${result.requests.total} | ${result.errors} | ${result.timeouts} | ${result.non2xx} |`,
        '',
        `non-2xx are the requests for the unknown path (404 by design): ${paths.length} URLs, 1 of them unknown.`,
        `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} at the start.`,
        '',
      ].join('\n');
      process.stdout.write(report);
      await writeFile(path.join(ROOT, 'tests', 'bench', 'PREVIEW.md'), report);
      if (result.errors > 0 || result.timeouts > 0) process.exitCode = 1;
    } finally {
      server.kill('SIGTERM');
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
