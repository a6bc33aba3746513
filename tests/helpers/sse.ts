import { request, type IncomingMessage } from 'node:http';

export interface SseEvent {
  event: string;
  data: unknown;
}

export interface SseClient {
  /** Every event so far, in order. */
  events: SseEvent[];
  /** The next event of this name after `from` (an index into `events`), waiting up to `timeoutMs`. */
  next(name: string, from: number, timeoutMs?: number): Promise<SseEvent>;
  close(): void;
}

/** A minimal EventSource for tests: one GET, events parsed as they stream in. */
export function connectSse(url: string): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const events: SseEvent[] = [];
    const waiters = new Set<() => void>();
    const req = request(url, { headers: { Accept: 'text/event-stream' } }, (response: IncomingMessage) => {
      if (response.statusCode !== 200) {
        reject(new Error(`SSE ${response.statusCode}`));
        return;
      }
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data !== undefined) events.push({ event, data: JSON.parse(data) as unknown });
        }
        for (const wake of waiters) wake();
      });
      resolve({
        events,
        next(name, from, timeoutMs = 20_000) {
          return new Promise((done, fail) => {
            const check = () => {
              const found = events.slice(from).find((e) => e.event === name);
              if (!found) return false;
              waiters.delete(check);
              clearTimeout(timer);
              done(found);
              return true;
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`No "${name}" event within ${timeoutMs} ms; got: ${events.slice(from).map((e) => e.event).join(', ')}`));
            }, timeoutMs);
            if (!check()) waiters.add(check);
          });
        },
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
    req.end();
  });
}
