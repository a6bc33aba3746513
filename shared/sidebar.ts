/**
 * Above this many pages in the sidebar, groups that do not hold the current
 * page start closed and their links are not rendered until opened: otherwise
 * every prerendered page would carry the whole tree, and a site's HTML would
 * grow with the square of its page count. The build splits such a sidebar
 * into pieces (cli/features/routes), which the viewer fetches as groups open.
 */
export const LARGE_SIDEBAR_PAGES = 200;
