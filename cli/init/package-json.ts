import { isDeepStrictEqual } from 'node:util';

export type ScriptsEdit =
  | { ok: true; text: string }
  /** Scripts the file already has under one of our names: init refuses rather than replace them. */
  | { ok: false; clashes: string[] }
  /** Not a JSON object: init refuses, naming the reason. */
  | { ok: false; invalid: string };

/**
 * Adds `scripts` to the text of a package.json, changing nothing else: the
 * new lines are inserted into the existing `"scripts"` object (or a new one
 * at the end of the top-level object), indented as the file is, with its line
 * endings. Every other byte is kept as it was, so a hand-formatted file stays
 * hand-formatted. A script that already exists is a clash, never replaced.
 */
export function addScripts(text: string, scripts: Readonly<Record<string, string>>): ScriptsEdit {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { ok: false, invalid: `is not valid JSON (${(error as Error).message})` };
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return { ok: false, invalid: 'is not a JSON object' };
  const existing = (parsed as { scripts?: unknown }).scripts;
  if (existing !== undefined && (existing === null || typeof existing !== 'object' || Array.isArray(existing))) {
    return { ok: false, invalid: 'has a "scripts" that is not an object' };
  }
  const clashes = Object.keys(scripts).filter((name) => Object.hasOwn((existing ?? {}) as object, name));
  if (clashes.length > 0) return { ok: false, clashes };

  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const top = objectAt(text, skipSpace(text, 0));
  const indent = memberIndent(text, top) ?? '  ';
  // A file written on one line (as some tools do), or an object written on one line inside it, stays so.
  const fileOnOneLine = !text.trim().includes('\n');
  const onOneLine = (object: JsonObject) => fileOnOneLine || (object.members.length > 0 && !text.slice(object.start, object.end).includes('\n'));
  // Separators copied from the object itself, or from the file's top level when it is empty.
  const style = (object: JsonObject) => separatorOf(text, object.members.length > 0 ? object : top);
  const entries = (object: JsonObject) => {
    const colon = style(object).colon;
    return Object.entries(scripts).map(([name, command]) => `${JSON.stringify(name)}${colon}${JSON.stringify(command)}`);
  };
  const scriptsMember = top.members.find((m) => m.key === 'scripts');
  let edited: string;
  if (scriptsMember) {
    const inner = objectAt(text, scriptsMember.valueStart);
    if (onOneLine(inner)) {
      edited = insertInline(text, inner, entries(inner), style(inner).comma);
    } else {
      const innerIndent = memberIndent(text, inner) ?? lineIndentOf(text, inner.start) + indent;
      edited = insertMembers(text, inner, entries(inner).map((entry) => `${innerIndent}${entry}`), eol, lineIndentOf(text, inner.start));
    }
  } else if (onOneLine(top)) {
    const { colon, comma } = style(top);
    edited = insertInline(text, top, [`"scripts"${colon}{${entries(top).join(comma)}}`], comma);
  } else {
    const body = entries(top).map((entry) => `${indent}${indent}${entry}`);
    const member = `${indent}"scripts": {${eol}${body.join(`,${eol}`)}${eol}${indent}}`;
    edited = insertMembers(text, top, [member], eol, lineIndentOf(text, top.start));
  }
  // The edit must mean exactly "these scripts added": anything else would be a bug here, not a file to write.
  const expected = { ...(parsed as object), scripts: { ...((existing ?? {}) as object), ...scripts } };
  if (!isDeepStrictEqual(JSON.parse(edited), expected)) throw new Error('package.json edit changed more than the scripts');
  return { ok: true, text: edited };
}

interface JsonObject {
  /** Index of `{`. */
  start: number;
  /** Index of the matching `}`. */
  end: number;
  members: { key: string; keyStart: number; keyEnd: number; valueStart: number; valueEnd: number }[];
}

/** Inserts members into an object written on one line, separated as its own members are. */
function insertInline(text: string, object: JsonObject, members: string[], comma: string): string {
  const last = object.members.at(-1);
  const at = last === undefined ? object.start + 1 : last.valueEnd;
  return `${text.slice(0, at)}${last === undefined ? '' : comma}${members.join(comma)}${text.slice(at)}`;
}

/** How an object writes `:` and `,` (with spaces or without), from its own members; `": "` and `", "` when it has none to copy. */
function separatorOf(text: string, object: JsonObject): { colon: string; comma: string } {
  const [first, second] = object.members;
  const colon = first ? text.slice(first.keyEnd, first.valueStart) : ': ';
  const comma = second ? text.slice(first!.valueEnd, second.keyStart) : colon.endsWith(' ') ? ', ' : ',';
  // Only on one line: a comma followed by a line break is not a separator to copy.
  return { colon: colon.includes('\n') ? ': ' : colon, comma: comma.includes('\n') ? ', ' : comma };
}

/** Inserts member lines before an object's closing brace, after its last member (or into `{}`). */
function insertMembers(text: string, object: JsonObject, lines: string[], eol: string, closingIndent: string): string {
  const last = object.members.at(-1);
  const joined = lines.join(`,${eol}`);
  if (last === undefined) {
    return `${text.slice(0, object.start + 1)}${eol}${joined}${eol}${closingIndent}${text.slice(object.end)}`;
  }
  return `${text.slice(0, last.valueEnd)},${eol}${joined}${text.slice(last.valueEnd)}`;
}

/** The whitespace that starts the line of the first member (null on a one-line object). */
function memberIndent(text: string, object: JsonObject): string | null {
  const first = object.members[0];
  if (!first) return null;
  const lineStart = text.lastIndexOf('\n', first.keyStart) + 1;
  if (lineStart <= object.start) return null;
  const indent = text.slice(lineStart, first.keyStart);
  return /^[ \t]*$/.test(indent) ? indent : null;
}

/** The leading whitespace of the line `index` is on. */
function lineIndentOf(text: string, index: number): string {
  const lineStart = text.lastIndexOf('\n', index - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart, index))![0];
}

function skipSpace(text: string, index: number): number {
  while (index < text.length && /\s/.test(text[index]!)) index++;
  return index;
}

/** Reads the object starting at `start` (valid JSON, already parsed once), with the spans of its members. */
function objectAt(text: string, start: number): JsonObject {
  const members: JsonObject['members'] = [];
  let i = skipSpace(text, start + 1);
  if (text[i] === '}') return { start, end: i, members };
  for (;;) {
    const keyStart = i;
    const keyEnd = skipValue(text, i);
    const key = JSON.parse(text.slice(keyStart, keyEnd)) as string;
    i = skipSpace(text, keyEnd) + 1; // past ':'
    const valueStart = skipSpace(text, i);
    const valueEnd = skipValue(text, valueStart);
    members.push({ key, keyStart, keyEnd, valueStart, valueEnd });
    i = skipSpace(text, valueEnd);
    if (text[i] === '}') return { start, end: i, members };
    i = skipSpace(text, i + 1); // past ','
  }
}

/** The index just past the JSON value that starts at `i`. */
function skipValue(text: string, i: number): number {
  const c = text[i];
  if (c === '"') {
    for (let j = i + 1; ; j++) {
      if (text[j] === '\\') j++;
      else if (text[j] === '"') return j + 1;
    }
  }
  if (c === '{' || c === '[') {
    let depth = 0;
    for (let j = i; ; j++) {
      const d = text[j];
      if (d === '"') j = skipValue(text, j) - 1;
      else if (d === '{' || d === '[') depth++;
      else if (d === '}' || d === ']') {
        depth--;
        if (depth === 0) return j + 1;
      }
    }
  }
  let j = i;
  while (j < text.length && /[^\s,\]}]/.test(text[j]!)) j++;
  return j;
}
