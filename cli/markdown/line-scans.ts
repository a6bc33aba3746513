import type { StateStack } from 'shiki/textmate';

/**
 * Scans of lines remembered across code blocks, by the grammar's state
 * before the line and the line's text.
 *
 * Code repeats: closing braces, blank lines, imports, the same block in
 * every translation of a page. TextMate's scan of a line depends only on
 * the line and the state the previous line left, so a line seen before in
 * an equal state scans the same. States are new objects from block to
 * block, so they are compared by what the scan reads of them, level by
 * level: the rule, the end pattern a begin rule captured, whether that
 * capture took the end of line, and the scope names the level carries
 * (not the theme's colours TextMate caches beside them: a scan never reads
 * those, and the colours are worked out afresh from the scopes).
 * `_enterPos` and `_anchorPos` are left out too: TextMate resets them at
 * the start of every line.
 *
 * A scan is kept as its tokens' starts and scope paths (numbered), far
 * smaller than TextMate's token objects. The memory is bounded: past
 * MAX_LINES lines everything is forgotten and counted afresh.
 */
export interface LineScan {
  /** Pairs: a token's start in the line, the number of its scope path (`scopesOf`). */
  readonly tokens: Uint32Array;
  readonly ruleStack: StateStack;
  readonly stoppedEarly: boolean;
}

/** What the key of a state reads: vscode-textmate 10's StateStackImpl and AttributedScopeStack fields. */
interface StateInternals {
  parent: StateInternals | null;
  ruleId: number;
  endRule: string | null;
  beginRuleCapturedEOL: boolean;
  nameScopesList: AttributedInternals | null;
  contentNameScopesList: AttributedInternals | null;
}
interface AttributedInternals {
  scopePath: ScopePathInternals;
}
interface ScopePathInternals {
  parent: ScopePathInternals | null;
  scopeName: string;
}

interface ScannedLine {
  tokens: readonly { startIndex: number; scopes: string[] }[];
  ruleStack: StateStack;
  stoppedEarly: boolean;
}

export const MAX_LINES = 8_192;

export interface LineScans {
  /** The scan of `line` after `state`: remembered, or made by `scan` and remembered. */
  scan(line: string, state: StateStack, scan: () => ScannedLine): LineScan;
  /** The scope names of a path number in a LineScan's tokens. */
  scopesOf(path: number): readonly string[];
}

export function createLineScans(maxLines = MAX_LINES): LineScans {
  let states = new WeakMap<object, number>();
  let stateNumbers = new Map<string, number>();
  let scopeStacks = new WeakMap<object, number>();
  let scopeStackNumbers = new Map<string, number>();
  let scans = new Map<string, LineScan>();
  // Scope paths are numbered for good: the numbers are in remembered scans, and the paths are few.
  const pathNumbers = new Map<string, number>();
  const paths: (readonly string[])[] = [];

  const forgetAll = () => {
    states = new WeakMap();
    stateNumbers = new Map();
    scopeStacks = new WeakMap();
    scopeStackNumbers = new Map();
    scans = new Map();
  };

  const numberOf = (key: string, numbers: Map<string, number>): number => {
    let found = numbers.get(key);
    if (found === undefined) numbers.set(key, (found = numbers.size));
    return found;
  };

  const scopeStackNumber = (stack: ScopePathInternals | null): number => {
    if (!stack) return -1;
    let found = scopeStacks.get(stack);
    if (found === undefined) {
      found = numberOf(`${scopeStackNumber(stack.parent)} ${stack.scopeName}`, scopeStackNumbers);
      scopeStacks.set(stack, found);
    }
    return found;
  };

  const stateNumber = (state: StateInternals | null): number => {
    if (!state) return -1;
    let found = states.get(state);
    if (found === undefined) {
      const key = [
        stateNumber(state.parent),
        state.ruleId,
        state.beginRuleCapturedEOL ? 1 : 0,
        scopeStackNumber(state.nameScopesList?.scopePath ?? null),
        scopeStackNumber(state.contentNameScopesList?.scopePath ?? null),
        // Last, so whatever it holds cannot run into the numbers.
        state.endRule ?? '',
      ].join(' ');
      found = numberOf(key, stateNumbers);
      states.set(state, found);
    }
    return found;
  };

  const pathNumber = (scopes: string[]): number => {
    const key = scopes.join('\n');
    let found = pathNumbers.get(key);
    if (found === undefined) {
      pathNumbers.set(key, (found = paths.length));
      paths.push(scopes);
    }
    return found;
  };

  return {
    scan(line, state, scan) {
      const keyOf = () => `${stateNumber(state as unknown as StateInternals)}\n${line}`;
      let key = keyOf();
      const known = scans.get(key);
      if (known) return known;
      // Full: start afresh, and number the state again (the old numbers are gone with the scans).
      if (scans.size >= maxLines) {
        forgetAll();
        key = keyOf();
      }
      const scanned = scan();
      const tokens = new Uint32Array(scanned.tokens.length * 2);
      scanned.tokens.forEach((token, i) => {
        tokens[2 * i] = token.startIndex;
        tokens[2 * i + 1] = pathNumber(token.scopes);
      });
      const made: LineScan = { tokens, ruleStack: scanned.ruleStack, stoppedEarly: scanned.stoppedEarly };
      // A scan cut short by a time limit is not the line's whole scan: not remembered.
      if (!made.stoppedEarly) scans.set(key, made);
      return made;
    },
    scopesOf: (path) => paths[path]!,
  };
}
