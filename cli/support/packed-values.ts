import { deserialize, serialize } from 'node:v8';

/**
 * Many values of plain data (strings, numbers, booleans, null, undefined,
 * arrays and plain objects) packed as one table of distinct strings, one
 * list of keys per object shape, and a stream of numbers that says how to
 * put each value together again. Made for the page summaries of a whole
 * site (page/summary-index.ts), where most strings are said many times: a
 * link's URL in a page's links, its HTML's link URLs and its Markdown copy's
 * URLs; the same highlighting classes on every page. Measured on the 10,000
 * bench pages' summaries: v8-serialized, 66 MB, deserialized in 175-400 ms,
 * and every string a copy of its own; packed, 15 MB, unpacked in 70-80 ms
 * with one copy of each string.
 *
 * A value that is not plain data (a Date from a YAML timestamp, a Map, an
 * object that refers to itself, an array with holes, a `__proto__` key, more
 * than MAX_DEPTH levels) is kept v8-serialized whole, as it was before.
 */
export interface PackedValues {
  /** The distinct strings one after another: UTF-8 when every one is well-formed, else UTF-16. */
  text: Buffer;
  utf16: boolean;
  /** Each distinct string's length in UTF-16 code units, in the order `text` holds them. */
  lengths: Uint32Array;
  /** Each object shape's keys, in order. */
  shapes: string[][];
  /** Per value, depth first: a tag (low 3 bits) and a count or index (the rest). */
  tokens: Uint32Array;
  /** Numbers other than small whole ones (negative, fractional, large, NaN, -0). */
  numbers: Float64Array;
  /** Values that are not plain data, v8-serialized. */
  others: Buffer[];
}

/** Nesting past this is kept as an "other" value (a summary is a few levels deep; frontmatter may nest more). */
const MAX_DEPTH = 64;
/** Whole numbers from 0 to this (exclusive) fit in a token, as do counts and indexes (a token is 32 bits, 3 of them the tag). */
const SMALL_LIMIT = 2 ** 29;

const STRING = 0;
const SMALL = 1;
const NUMBER = 2;
const ARRAY = 3;
const OBJECT = 4;
const CONSTANT = 5;
const OTHER = 6;
const TAG_BITS = 3;
const TAG_MASK = 7;
/** CONSTANT's values, by their number. */
const CONSTANTS = [null, undefined, true, false] as const;

/** Thrown inside packValue when the value is not plain data: the caller keeps it whole instead. */
const NOT_PLAIN = Symbol('not plain');

export function packValues(values: Iterable<unknown>): PackedValues {
  const stringIds = new Map<string, number>();
  const strings: string[] = [];
  const shapeIds = new Map<string, number>();
  const shapes: string[][] = [];
  const tokens = new GrowingUint32Array();
  const numbers: number[] = [];
  const others: Buffer[] = [];
  const token = (tag: number, n: number) => {
    if (n >= SMALL_LIMIT) throw NOT_PLAIN;
    tokens.push(n * (TAG_MASK + 1) + tag);
  };
  const stringId = (text: string) => {
    let id = stringIds.get(text);
    if (id === undefined) {
      id = strings.length;
      stringIds.set(text, id);
      strings.push(text);
    }
    return id;
  };
  const pack = (value: unknown, depth: number): void => {
    switch (typeof value) {
      case 'string':
        return token(STRING, stringId(value));
      case 'number':
        if (Number.isInteger(value) && value >= 0 && value < SMALL_LIMIT && !Object.is(value, -0)) return token(SMALL, value);
        token(NUMBER, numbers.length);
        numbers.push(value);
        return;
      case 'boolean':
      case 'undefined':
        return token(CONSTANT, CONSTANTS.indexOf(value));
      case 'object':
        break;
      default:
        throw NOT_PLAIN;
    }
    if (value === null) return token(CONSTANT, 0);
    if (depth >= MAX_DEPTH) throw NOT_PLAIN;
    if (Array.isArray(value)) {
      token(ARRAY, value.length);
      for (let i = 0; i < value.length; i++) {
        if (!(i in value)) throw NOT_PLAIN;
        pack(value[i], depth + 1);
      }
      return;
    }
    const prototype = Object.getPrototypeOf(value) as unknown;
    if (prototype !== Object.prototype && prototype !== null) throw NOT_PLAIN;
    const keys = Object.keys(value);
    // Set on a new object, `__proto__` would change its prototype instead of making a key.
    if (keys.includes('__proto__')) throw NOT_PLAIN;
    // As JSON: a key may hold any character (frontmatter's "a\u0000b"), so joined keys could name two shapes alike.
    const shape = JSON.stringify(keys);
    let id = shapeIds.get(shape);
    if (id === undefined) {
      id = shapes.length;
      shapeIds.set(shape, id);
      shapes.push(keys);
    }
    token(OBJECT, id);
    for (const key of keys) pack((value as Record<string, unknown>)[key], depth + 1);
  };
  for (const value of values) {
    const start = tokens.length;
    try {
      pack(value, 0);
    } catch (error) {
      if (error !== NOT_PLAIN) throw error;
      // Not plain data: its tokens so far are dropped, and it is kept whole.
      tokens.length = start;
      token(OTHER, others.length);
      others.push(serialize(value));
    }
  }
  // Written string by string into one buffer: joined first, the text of 10,000 pages' summaries was 9-18 MB more to hold while packing.
  // A lone surrogate does not survive UTF-8 (ES2024's isWellFormed, in Node 20 but not in our ES2023 lib).
  const utf16 = strings.some((s) => !(s as string & { isWellFormed(): boolean }).isWellFormed());
  const encoding = utf16 ? 'utf16le' : 'utf8';
  let bytes = 0;
  for (const s of strings) bytes += Buffer.byteLength(s, encoding);
  const text = Buffer.allocUnsafe(bytes);
  let written = 0;
  for (const s of strings) written += text.write(s, written, encoding);
  return {
    text,
    utf16,
    lengths: Uint32Array.from(strings, (s) => s.length),
    shapes,
    tokens: tokens.take(),
    numbers: Float64Array.from(numbers),
    others,
  };
}

/** The values packValues was given, in order; throws on a pack that does not read back whole (damaged, or not one of ours). */
export function unpackValues(packed: PackedValues): unknown[] {
  const { tokens, numbers, shapes, others, lengths } = packed;
  const joined = packed.text.toString(packed.utf16 ? 'utf16le' : 'utf8');
  const strings = new Array<string>(lengths.length);
  let offset = 0;
  for (let i = 0; i < lengths.length; i++) strings[i] = joined.slice(offset, (offset += lengths[i]!));
  if (offset !== joined.length) throw new Error('The packed strings do not add up.');
  let at = 0;
  const unpack = (): unknown => {
    if (at >= tokens.length) throw new Error('The packed values end early.');
    const word = tokens[at++]!;
    const n = (word - (word & TAG_MASK)) / (TAG_MASK + 1);
    switch (word & TAG_MASK) {
      case STRING:
        return known(strings, n);
      case SMALL:
        return n;
      case NUMBER:
        return known(numbers, n);
      case CONSTANT:
        return known(CONSTANTS, n);
      case OTHER:
        return deserialize(known(others, n));
      case ARRAY: {
        const array = new Array<unknown>(n);
        for (let i = 0; i < n; i++) array[i] = unpack();
        return array;
      }
      case OBJECT: {
        const keys = known(shapes, n);
        const object: Record<string, unknown> = {};
        for (let i = 0; i < keys.length; i++) object[keys[i]!] = unpack();
        return object;
      }
      default:
        throw new Error('A packed value has an unknown tag.');
    }
  };
  const values: unknown[] = [];
  while (at < tokens.length) values.push(unpack());
  return values;
}

function known<T>(list: ArrayLike<T>, n: number): T {
  if (n >= list.length) throw new Error('A packed value refers past its table.');
  return list[n]!;
}

/** A Uint32Array that grows as numbers are added (a plain array of 1.3 million numbers held twice the bytes while it was made). */
class GrowingUint32Array {
  private words = new Uint32Array(1024);
  length = 0;

  push(word: number): void {
    if (this.length === this.words.length) {
      const larger = new Uint32Array(this.words.length * 2);
      larger.set(this.words);
      this.words = larger;
    }
    this.words[this.length++] = word;
  }

  take(): Uint32Array {
    return this.words.slice(0, this.length);
  }
}
