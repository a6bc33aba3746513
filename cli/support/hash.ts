import { createHash } from 'node:crypto';
import { stableStringify } from './json';

/** A hash of any JSON value, keys in a stable order: a key for what something was made from. */
export function hashOf(value: unknown): string {
  return createHash('sha256').update(stableStringify(value)).digest('hex');
}
