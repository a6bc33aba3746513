import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export interface StaticServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Serves `root` under `base` the way a plain static host does: a folder
 * serves its index.html, anything else unknown gets 404.html with status
 * 404, and no path may leave `root`.
 */
export async function startStaticServer(root: string, base = '/docs/'): Promise<StaticServer> {
  const absoluteRoot = path.resolve(root);
  const server: Server = createServer((request, response) => {
    void (async () => {
      const send = async (file: string, status: number) => {
        const info = await stat(file);
        response.writeHead(status, {
          'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
          'content-length': info.size,
          'cache-control': 'no-store',
        });
        if (request.method === 'HEAD') response.end();
        else createReadStream(file).pipe(response);
      };
      const notFound = () => send(path.join(absoluteRoot, '404.html'), 404);
      try {
        if (request.method !== 'GET' && request.method !== 'HEAD') {
          response.writeHead(405).end();
          return;
        }
        const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
        const under = pathname === base.slice(0, -1) ? '' : pathname.startsWith(base) ? pathname.slice(base.length) : undefined;
        if (under === undefined || pathname.includes('\0')) return await notFound();
        const file = path.resolve(absoluteRoot, under);
        if (file !== absoluteRoot && !file.startsWith(absoluteRoot + path.sep)) return await notFound();
        const info = await stat(file).catch(() => undefined);
        if (info?.isFile()) return await send(file, 200);
        if (info?.isDirectory()) {
          const index = path.join(file, 'index.html');
          if ((await stat(index).catch(() => undefined))?.isFile()) return await send(index, 200);
        }
        return await notFound();
      } catch {
        if (!response.headersSent) response.writeHead(500).end();
        else response.destroy();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
