import type { Nodes, Root } from 'mdast';
import type { Processor } from 'unified';
import { eachNode, EXIT } from './walk';

/** The name of micromark-extension-gfm-autolink-literal's construct for bare e-mail addresses (`me@example.com`). */
export const EMAIL_CONSTRUCT_NAME = 'emailAutolink';

/**
 * remark-gfm tries its bare e-mail address construct at the start of every
 * word of every paragraph (it hooks every letter, digit and `+-._`), and it
 * fails wherever there is no `@`: 13% of the parse of the 2,000-page bench
 * tree, and 5% of all a build allocates. A parser without it makes the same
 * tree for a page where an address would have no `@` to hold.
 *
 * Where the construct would have matched, the parser without it leaves the
 * address's `@` in a text node: the characters before the `@` are letters,
 * digits and `+-._`, so nothing but emphasis (`_`) and a `www.` link (whose
 * text takes the `@` too) can start among them, and nothing else can take the
 * `@`. So a tree from the parser without it that has no `@` in a text node (or
 * an image's alt, to be safe) is the tree the whole parser makes, and any other
 * page is parsed again with the whole parser (tests/unit/cli/markdown/
 * email-literals.test.ts compares both on every fixture, the real site and a
 * bench tree).
 */
export function parseWithoutEmailLiterals(markdown: string, quick: (markdown: string) => Root, whole: (markdown: string) => Root): Root {
  const tree = quick(markdown);
  return markdown.includes('@') && hasAtSignInText(tree) ? whole(markdown) : tree;
}

/** Whether a text node or an image's alt anywhere in the tree holds an `@`. */
export function hasAtSignInText(tree: Root): boolean {
  let found = false;
  eachNode(tree, (node: Nodes) => {
    if ((node.type === 'text' && node.value.includes('@')) || (node.type === 'image' && node.alt?.includes('@'))) {
      found = true;
      return EXIT;
    }
    return undefined;
  });
  return found;
}

export interface SyntaxExtension {
  text?: Record<string, unknown>;
}

/** A unified plugin, used after remark-gfm: its micromark extensions without the e-mail address construct (copies; remark-gfm's own are left as they are). */
export function remarkWithoutEmailLiterals(this: Processor): void {
  const data = this.data();
  data.micromarkExtensions = (data.micromarkExtensions ?? []).map((extension) => withoutTextConstructs(extension as SyntaxExtension, EMAIL_ONLY) as never);
}
const EMAIL_ONLY: ReadonlySet<string> = new Set([EMAIL_CONSTRUCT_NAME]);

/** A micromark extension (or a list of them) without the named constructs in its text hooks: a copy, the original left as it is. */
export function withoutTextConstructs(extension: SyntaxExtension | SyntaxExtension[], names: ReadonlySet<string>): SyntaxExtension | SyntaxExtension[] {
  if (Array.isArray(extension)) return extension.map((one) => withoutTextConstructs(one, names) as SyntaxExtension);
  if (!extension.text) return extension;
  const text: Record<string, unknown> = {};
  for (const [code, hooked] of Object.entries(extension.text)) {
    const constructs = (Array.isArray(hooked) ? hooked : [hooked]).filter((construct) => !names.has((construct as { name?: string } | null)?.name ?? ''));
    if (constructs.length > 0) text[code] = Array.isArray(hooked) ? constructs : constructs[0];
  }
  return { ...extension, text };
}

/** How many text hooks of these micromark extensions hold the e-mail construct: for the test that notices a remark-gfm that renamed it. */
export function emailConstructHooks(extensions: readonly unknown[]): number {
  let hooks = 0;
  // Nested lists too, as remark-gfm makes them.
  for (const extension of extensions.flat(Infinity)) {
    for (const hooked of Object.values((extension as SyntaxExtension).text ?? {})) {
      if ((Array.isArray(hooked) ? hooked : [hooked]).some((construct) => (construct as { name?: string } | null)?.name === EMAIL_CONSTRUCT_NAME)) hooks++;
    }
  }
  return hooks;
}
