import { describe, expect, it } from 'vitest';
import { isSearchShortcut } from '../../../../viewer/search/shortcut';

const key = (k: string, extra: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean; target: unknown }> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  target: { tagName: 'BODY' },
  ...extra,
}) as Parameters<typeof isSearchShortcut>[0];

describe('viewer/search/shortcut', () => {
  it('opens search on "/", Ctrl-K and ⌘-K', () => {
    expect(isSearchShortcut(key('/'))).toBe(true);
    expect(isSearchShortcut(key('k', { ctrlKey: true }))).toBe(true);
    expect(isSearchShortcut(key('K', { metaKey: true }))).toBe(true);
  });

  it('leaves "/" to a field being typed in, and other keys alone', () => {
    expect(isSearchShortcut(key('/', { target: { tagName: 'INPUT' } }))).toBe(false);
    expect(isSearchShortcut(key('/', { target: { tagName: 'TEXTAREA' } }))).toBe(false);
    expect(isSearchShortcut(key('/', { target: { tagName: 'DIV', isContentEditable: true } }))).toBe(false);
    expect(isSearchShortcut(key('k'))).toBe(false);
    expect(isSearchShortcut(key('k', { ctrlKey: true, altKey: true }))).toBe(false);
    expect(isSearchShortcut(key('/', { ctrlKey: true }))).toBe(false);
  });
});
