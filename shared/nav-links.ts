import type { NavItemRecord, NavLinkRecord } from '../schema/manifest';

/** Every link of a nav item: itself, or a dropdown's, those in its groups included. */
export function navLinksOf(item: NavItemRecord): NavLinkRecord[] {
  return 'items' in item ? item.items.flatMap((entry) => ('items' in entry ? entry.items : [entry])) : [item];
}
