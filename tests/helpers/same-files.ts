import { expect } from 'vitest';

type Files = ReadonlyMap<string, string | Uint8Array>;

/**
 * Asserts two sets of output files are the same: the same names, and each
 * file the same bytes. Compared with Buffer.equals, not toEqual: vitest
 * compares a Buffer element by element, through its keys, which took 13 s
 * for one build of 361 pages (the viewer bundle alone is 250 KB). A file
 * that differs is then compared as text, so the failure shows where.
 */
export function expectSameFiles(actual: Files, expected: Files, message = ''): void {
  const label = message === '' ? '' : `${message}: `;
  expect([...actual.keys()].sort(), `${label}file names`).toEqual([...expected.keys()].sort());
  for (const [name, bytes] of expected) {
    const now = actual.get(name)!;
    if (!bytesOf(now).equals(bytesOf(bytes))) expect(textOf(now), `${label}${name}`).toBe(textOf(bytes));
  }
}

/** Asserts one file's bytes, as expectSameFiles does each file's. */
export function expectSameBytes(actual: string | Uint8Array, expected: string | Uint8Array, message?: string): void {
  if (!bytesOf(actual).equals(bytesOf(expected))) expect(textOf(actual), message).toBe(textOf(expected));
}

function bytesOf(content: string | Uint8Array): Buffer {
  return typeof content === 'string' ? Buffer.from(content) : Buffer.from(content.buffer, content.byteOffset, content.byteLength);
}

/** As text, with bytes that are not UTF-8 shown rather than replaced, so two files that differ only there still differ here. */
function textOf(content: string | Uint8Array): string {
  if (typeof content === 'string') return content;
  const text = Buffer.from(content.buffer, content.byteOffset, content.byteLength).toString('utf8');
  return text.includes('\uFFFD') ? Buffer.from(content.buffer, content.byteOffset, content.byteLength).toString('hex') : text;
}
