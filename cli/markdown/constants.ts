import type { Root } from 'mdast';
import { SKIP, eachNode } from './walk';
import type { Diagnostic } from '../diagnostics/diagnostic';
import { diagnostic } from '../diagnostics/diagnostic';
import { didYouMean } from '../diagnostics/suggest';
import { splitConstantsSuffix } from './fences';
import { lineLocator } from '../support/text-scan';

/** `{{ $const.NAME }}`, and the VuePress forms `{{ $site.themeConfig.NAME }}` and `{{ $themeConfig.NAME }}` (its alias) so existing trees build unchanged. */
export const CONSTANT_PATTERN = /\{\{\s*\$(?:const|(?:site\.)?themeConfig)\.([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

export interface ConstantScope {
  values: Readonly<Record<string, string | number>>;
  /** Names used so far, for the "defined but never used" check. */
  used: Set<string>;
  /** False when the site config is broken: unknown names are then not reported. */
  report: boolean;
}

/** Replaces constant references in a string; unknown names are left as written. */
export function interpolate(
  text: string,
  scope: ConstantScope,
  onUnknown: (name: string, index: number) => void,
): string {
  if (!text.includes('{{')) return text;
  return text.replace(CONSTANT_PATTERN, (match, name: string, index: number) => {
    const value = scope.values[name];
    if (value === undefined) {
      onUnknown(name, index);
      return match;
    }
    scope.used.add(name);
    return String(value);
  });
}

/**
 * Interpolates constants in text and inline code. Fenced code is left as
 * written, unless its language carries the opt-in suffix (```` ```bash-const ````):
 * then the suffix is removed (the block is highlighted as `bash`) and its
 * constants are filled in.
 */
export function interpolateConstants(tree: Root, scope: ConstantScope, file: string): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  eachNode(tree, (node) => {
    // VuePress's `::: v-pre`: what is inside is shown as written.
    if (node.type === 'container' && node.kind === 'v-pre') return SKIP;
    if (node.type !== 'text' && node.type !== 'inlineCode' && node.type !== 'code') return;
    if (node.type === 'code') {
      const fence = splitConstantsSuffix(node.lang ?? '');
      if (!fence.constants) return;
      node.lang = fence.lang;
    }
    // Made at the first unknown name: counting the lines before each of thousands was quadratic.
    let locate: ReturnType<typeof lineLocator> | undefined;
    node.value = interpolate(node.value, scope, (name, index) => {
      if (!scope.report) return;
      const at = (locate ??= lineLocator(node.value))(index);
      const start = node.position?.start;
      let line = (start?.line ?? 1) + at.line;
      let column = at.line > 0 ? at.column + 1 : (start?.column ?? 1) + index + (node.type === 'inlineCode' ? 1 : 0);
      // A fenced block's value starts on the line after its fence, at the fence's indent.
      if (node.type === 'code') [line, column] = [line + 1, (start?.column ?? 1) + at.column];
      diagnostics.push(
        diagnostic(
          'constant/unknown',
          { file, line, column },
          `Constant "${name}" is not defined in site.yaml.`,
          didYouMean(name, Object.keys(scope.values), 'Define it under "constants:" in site.yaml, or fix the name.'),
          name,
        ),
      );
    });
  });
  return diagnostics;
}
