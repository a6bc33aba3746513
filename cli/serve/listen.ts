import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ListenOptions {
  /** Interface to bind; loopback unless asked otherwise. */
  host: string;
  /** 0 picks a free port. */
  port: number;
}

export interface RunningServer {
  /** `http://127.0.0.1:4173` */
  origin: string;
  port: number;
  server: Server;
  close(): Promise<void>;
}

export const DEFAULT_HOST = '127.0.0.1';

/** Starts an HTTP server on exactly the host and port given; handler errors become a 500, never a crash. */
export async function listen(
  options: ListenOptions,
  handler: (request: IncomingMessage, response: ServerResponse) => Promise<void>,
): Promise<RunningServer> {
  const server = createServer((request, response) => {
    handler(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Internal error\n');
      else response.destroy();
    });
  });
  // Keep-alive sockets idle longer than a load test's pauses, shorter than a stuck client's patience.
  server.keepAliveTimeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const hostPart = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    origin: `http://${hostPart}:${port}`,
    port,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
