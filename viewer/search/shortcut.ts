/** The key event fields the shortcut looks at (a KeyboardEvent has them all). */
export interface ShortcutEvent {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
}

/**
 * Opens search: Ctrl-K or ⌘-K anywhere, and "/" unless the reader is typing
 * somewhere (then it is just a slash).
 */
export function isSearchShortcut(event: ShortcutEvent): boolean {
  if (event.altKey) return false;
  if (event.ctrlKey || event.metaKey) return event.key === 'k' || event.key === 'K';
  return event.key === '/' && !isEditable(event.target);
}

function isEditable(target: EventTarget | null): boolean {
  const element = target as { tagName?: string; isContentEditable?: boolean } | null;
  return element?.isContentEditable === true || /^(INPUT|TEXTAREA|SELECT)$/.test(element?.tagName ?? '');
}
