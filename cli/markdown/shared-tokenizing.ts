import { EncodedTokenMetadata, type IGrammar } from 'shiki/textmate';
import { createLineScans } from './line-scans';

/**
 * One grammar pass per code block for both themes.
 *
 * shiki colours a block for two themes by tokenising it twice, once per
 * theme: TextMate's binary tokens carry the colour of the theme set at the
 * time. The regular-expression scanning, most of the cost, is the same both
 * times. Here the grammar's `tokenizeLine2` is wrapped: the first call for a
 * line scans it once (`tokenizeLine`, which gives each token's scopes) and
 * keeps the result; every call, for either theme, then works out the binary
 * tokens from those scopes with the theme set now, exactly as TextMate does
 * while scanning (the same attribute merge, the same joining of neighbours
 * with equal attributes). The second theme's pass scans nothing, and a
 * line already scanned in an equal state, in this block or an earlier one,
 * is not scanned again (line-scans.ts): a third to four fifths of the lines
 * of the real trees measured.
 *
 * It relies on a few fields of vscode-textmate's Grammar that are not in
 * its types; a grammar without them, or one that overrides token types or
 * marks brackets by scope, is left to TextMate as it is. A test checks the output
 * against shiki's own on every code block of the real site.
 */

/** The parts of vscode-textmate's Grammar (10.x) this reads. */
interface GrammarInternals {
  tokenizeLine2: IGrammar['tokenizeLine2'];
  tokenizeLine: IGrammar['tokenizeLine'];
  getMetadataForScope(scope: string): { languageId: number; tokenType: number };
  themeProvider: {
    themeMatch(path: ScopePath): { fontStyle: number; foregroundId: number; backgroundId: number } | null;
    getDefaults(): { fontStyle: number; foregroundId: number; backgroundId: number };
  };
  _basicScopeAttributesProvider: { getDefaultAttributes(): { languageId: number; tokenType: number } };
  _tokenTypeMatchers: unknown[];
  /** shiki gives every grammar one that matches always: every token is marked as holding balanced brackets. */
  balancedBracketSelectors: { matchesAlways: boolean; matchesNever: boolean } | null;
}

/** What Theme.match reads of a scope path: its innermost scope and the path above it. */
interface ScopePath {
  parent: ScopePath | null;
  scopeName: string;
}

export interface SharedTokenizing {
  /** Runs `highlight` (both themes' passes over one block) with each line scanned once. */
  around<T>(highlight: () => T): T;
}

const wrapped = new WeakMap<object, SharedTokenizing>();

/** Wraps `grammar` once; later calls return the same wrapper. Undefined when the grammar is not one this can share. */
export function shareTokenizing(grammar: IGrammar): SharedTokenizing | undefined {
  const found = wrapped.get(grammar);
  if (found) return found;
  const inner = grammar as unknown as GrammarInternals;
  const usable =
    typeof inner.tokenizeLine === 'function' &&
    typeof inner.getMetadataForScope === 'function' &&
    typeof inner.themeProvider?.themeMatch === 'function' &&
    typeof inner._basicScopeAttributesProvider?.getDefaultAttributes === 'function' &&
    Array.isArray(inner._tokenTypeMatchers) &&
    inner._tokenTypeMatchers.length === 0 &&
    (!inner.balancedBracketSelectors || inner.balancedBracketSelectors.matchesAlways || inner.balancedBracketSelectors.matchesNever);
  if (!usable) return undefined;

  const original = inner.tokenizeLine2.bind(grammar);
  // Lines scanned before, in this block or an earlier one (see line-scans.ts); only used inside around().
  const lineScans = createLineScans();
  let sharing = false;
  // Per theme (known by its defaults object): a scope path's number → its attributes, as TextMate works them out scope by scope.
  const byTheme = new WeakMap<object, number[]>();

  const attributes = (path: number): number => {
    const current = inner.themeProvider.getDefaults();
    let attributesOf = byTheme.get(current);
    if (!attributesOf) byTheme.set(current, (attributesOf = []));
    const known = attributesOf[path];
    if (known !== undefined) return known;
    const basic = inner._basicScopeAttributesProvider.getDefaultAttributes();
    let metadata = EncodedTokenMetadata.set(0, basic.languageId, basic.tokenType, null, current.fontStyle, current.foregroundId, current.backgroundId);
    let scopePath: ScopePath | null = null;
    for (const scope of lineScans.scopesOf(path)) {
      scopePath = { parent: scopePath, scopeName: scope };
      const raw = inner.getMetadataForScope(scope);
      const style = inner.themeProvider.themeMatch(scopePath);
      metadata = EncodedTokenMetadata.set(
        metadata,
        raw.languageId,
        raw.tokenType,
        null,
        style ? style.fontStyle : -1,
        style ? style.foregroundId : 0,
        style ? style.backgroundId : 0,
      );
    }
    // As LineTokens does when writing a binary token.
    if (inner.balancedBracketSelectors?.matchesAlways) metadata = EncodedTokenMetadata.set(metadata, 0, 8, true, -1, 0, 0);
    attributesOf[path] = metadata;
    return metadata;
  };

  const tokenizeLine2: IGrammar['tokenizeLine2'] = (line, state, timeLimit) => {
    if (!sharing || !state) return original(line, state, timeLimit);
    const scanned = lineScans.scan(line, state, () => inner.tokenizeLine(line, state, timeLimit));
    // Neighbours with equal attributes are one binary token, as TextMate writes them.
    const binary: number[] = [];
    const { tokens } = scanned;
    for (let i = 0; i < tokens.length; i += 2) {
      const metadata = attributes(tokens[i + 1]!);
      if (binary.length > 0 && binary[binary.length - 1] === metadata) continue;
      binary.push(tokens[i]!, metadata);
    }
    return { tokens: Uint32Array.from(binary), ruleStack: scanned.ruleStack, stoppedEarly: scanned.stoppedEarly };
  };
  inner.tokenizeLine2 = tokenizeLine2;

  const shared: SharedTokenizing = {
    around(highlight) {
      sharing = true;
      try {
        return highlight();
      } finally {
        sharing = false;
      }
    },
  };
  wrapped.set(grammar, shared);
  return shared;
}
