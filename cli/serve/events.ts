import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Server-sent events to every open browser tab. SSE rather than a WebSocket:
 * one direction is all live reload needs, it is plain HTTP, and EventSource
 * reconnects by itself.
 */
export class EventHub {
  private readonly clients = new Set<ServerResponse>();
  private readonly ping: NodeJS.Timeout;

  constructor(keepAliveMs = 15_000) {
    // A comment line now and then keeps proxies and idle timers from closing the stream.
    this.ping = setInterval(() => this.write(': ping\n\n'), keepAliveMs);
    this.ping.unref();
  }

  /** Takes over a request as an event stream; `greet` sends what a new tab must know at once. */
  connect(request: IncomingMessage, response: ServerResponse, greet: (send: (event: string, data: unknown) => void) => void): void {
    response.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache',
      Connection: 'keep-alive',
    });
    response.write('retry: 500\n\n');
    this.clients.add(response);
    request.on('close', () => this.clients.delete(response));
    greet((event, data) => response.write(frame(event, data)));
  }

  send(event: string, data: unknown): void {
    this.write(frame(event, data));
  }

  get size(): number {
    return this.clients.size;
  }

  close(): void {
    clearInterval(this.ping);
    for (const client of this.clients) client.end();
    this.clients.clear();
  }

  private write(text: string): void {
    for (const client of this.clients) client.write(text);
  }
}

function frame(event: string, data: unknown): string {
  // JSON has no raw newlines, so one data line always holds it.
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}
