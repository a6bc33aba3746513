import type { SearchRoot } from '../../schema/search-index';
import type { ShellSite } from '../view';
import type { SearchContext, SearchEngine, SearchHit } from './engine';
import type { Segment } from './highlight';
import { sectionsOf } from '../../shared/search/sections';
import { snippetFromSections, type LoadedPage } from './snippet';

export interface PanelOptions {
  site: ShellSite;
  context: SearchContext;
  /** The combobox in the top bar: the panel listens to it and keeps its ARIA state. */
  input: HTMLInputElement;
  /** An element beside the box that the panel fills with the results popup. */
  host: HTMLElement;
  /** `performance.now()` when the reader opened search: the time to the first result counts from it if nothing was typed since. */
  openedAt: number;
}

export const LISTBOX_ID = 'search-results';
/** The performance measure the browser tests read: the time to the first result. */
export const FIRST_RESULT_MEASURE = 'docsbuild:search-first-result';
/** DocSearch is a request per query: wait for a pause in typing. The local index answers every keystroke. */
const DOCSEARCH_DELAY_MS = 120;
/** Snippets need the hits' page chunks: fetched once typing pauses, not for every keystroke's hits. */
const SNIPPET_DELAY_MS = 150;

interface Results {
  query: string;
  hits: SearchHit[];
  failed: boolean;
}

/** What the live region says (and the popup shows when there is no list). */
export function statusText(state: { query: string; engineReady: boolean; loadFailed: boolean; current: boolean; failed: boolean; hits: number }): string {
  const query = state.query.trim();
  if (query === '') return '';
  if (state.loadFailed) return 'Search could not be loaded. Check your connection and try again.';
  if (!state.engineReady || !state.current) return 'Searching…';
  if (state.failed) return 'Search is not available right now.';
  if (state.hits === 0) return `No results for “${query}”`;
  return `${state.hits} result${state.hits === 1 ? '' : 's'}`;
}

/**
 * The results of the search box: loads the engine (the local index with
 * MiniSearch, or DocSearch), searches as the reader types, renders the
 * listbox, and handles the arrow keys, Enter and Escape. Returns its unmount.
 */
export function mountSearchPanel(options: PanelOptions): () => void {
  const { site, context, input, host } = options;
  // Set here rather than in the box's markup: the first load carries as little search as it can.
  input.setAttribute('aria-autocomplete', 'list');
  const status = element('div', 'visually-hidden');
  status.setAttribute('role', 'status');
  const popup = element('div', 'search-popup');
  popup.hidden = true;
  // Keeps the focus in the box while a result is clicked.
  popup.addEventListener('mousedown', (event) => event.preventDefault());
  host.append(status, popup);

  let engine: SearchEngine | undefined;
  let loadFailed = false;
  let query = input.value;
  let open = document.activeElement === input;
  let results: Results = { query: '', hits: [], failed: false };
  let active = -1;
  let typedAt: number | undefined;
  let measured = false;
  let pending: { controller: AbortController; timer: ReturnType<typeof setTimeout> } | undefined;
  let snippetTimer: ReturnType<typeof setTimeout> | undefined;
  let unmounted = false;
  /** Page sections by chunk name, for snippets. */
  const sections = new Map<string, LoadedPage>();

  const visibleHits = () => (results.query === query && query.trim() !== '' ? results.hits : []);
  const optionId = (index: number) => `${LISTBOX_ID}-${index}`;

  const render = () => {
    const current = results.query === query && query.trim() !== '';
    const hits = visibleHits();
    const showList = open && hits.length > 0;
    const text = statusText({ query, engineReady: engine !== undefined, loadFailed, current, failed: results.failed, hits: hits.length });
    input.setAttribute('aria-expanded', String(showList));
    setOrRemove(input, 'aria-controls', showList ? LISTBOX_ID : undefined);
    setOrRemove(input, 'aria-activedescendant', showList && active >= 0 ? optionId(active) : undefined);
    if (status.textContent !== (open ? text : '')) status.textContent = open ? text : '';
    popup.hidden = !open || query.trim() === '';
    if (popup.hidden) return;
    if (!showList) {
      const message = element('p', current && hits.length === 0 && !results.failed ? 'search-message search-empty' : 'search-message');
      message.textContent = text;
      popup.replaceChildren(message);
      return;
    }
    const list = element('ul', 'search-results');
    list.id = LISTBOX_ID;
    list.setAttribute('role', 'listbox');
    list.setAttribute('aria-label', 'Search results');
    hits.forEach((hit, index) => list.append(option(hit, index)));
    popup.replaceChildren(list);
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
    if (!measured) {
      // Time to the first result: from the first keystroke, or from opening when the text was there before this loaded.
      measured = true;
      performance.measure(FIRST_RESULT_MEASURE, { start: typedAt ?? options.openedAt, end: performance.now() });
    }
  };

  const option = (hit: SearchHit, index: number) => {
    const item = element('li');
    item.id = optionId(index);
    item.setAttribute('role', 'option');
    item.setAttribute('aria-selected', String(index === active));
    item.addEventListener('mousemove', () => {
      if (active === index) return;
      active = index;
      render();
    });
    const link = element('a');
    link.href = hit.href;
    link.tabIndex = -1;
    link.addEventListener('click', close);
    const title = element('span', 'search-hit-title');
    title.append(...marked(hit.title));
    if (hit.section) {
      const separator = element('span', 'search-hit-separator');
      separator.setAttribute('aria-hidden', 'true');
      separator.textContent = ' › ';
      title.append(separator, ...marked(hit.section));
    }
    const snippet = element('span', 'search-hit-snippet');
    snippet.append(...marked(snippetOf(hit) ?? []));
    link.append(title, snippet);
    item.append(link);
    return item;
  };

  const snippetOf = (hit: SearchHit): Segment[] | undefined => {
    if (hit.snippet || !hit.source) return hit.snippet;
    const loaded = sections.get(hit.source.path);
    return loaded && snippetFromSections(hit.source, loaded, hit.terms);
  };

  /** Loads the chunks of the shown hits (from the app's cache: a result's page then also opens at once). */
  const loadSnippets = () => {
    clearTimeout(snippetTimer);
    const missing = new Set(visibleHits().flatMap((h) => (h.source && !sections.has(h.source.path) ? [h.source.path] : [])));
    if (missing.size === 0) return;
    snippetTimer = setTimeout(() => {
      for (const path of missing) {
        context.routes.resolve(path).then(async (found) => {
          if (found.kind !== 'page') return;
          const data = await context.loader.load(found.page.chunk);
          sections.set(path, { sections: sectionsOf(data.html, data.headers), description: data.description });
          if (!unmounted) render();
        }).then(
          () => {},
          // No snippet for that hit: its title and section still lead to it.
          () => {},
        );
      }
    }, SNIPPET_DELAY_MS);
  };

  const search = () => {
    if (pending) {
      clearTimeout(pending.timer);
      pending.controller.abort();
      pending = undefined;
    }
    if (!engine) return;
    const ready = engine;
    const asked = query;
    const controller = new AbortController();
    const timer = setTimeout(
      () => {
        ready.search(asked, controller.signal).then(
          (hits) => {
            if (controller.signal.aborted || unmounted) return;
            results = { query: asked, hits, failed: false };
            active = -1;
            render();
            loadSnippets();
          },
          () => {
            if (controller.signal.aborted || unmounted) return;
            results = { query: asked, hits: [], failed: true };
            render();
          },
        );
      },
      site.search.provider === 'docsearch' ? DOCSEARCH_DELAY_MS : 0,
    );
    pending = { controller, timer };
  };

  /** After following a result: empty box, no popup, focus to the page. */
  const close = () => {
    input.value = '';
    query = '';
    open = false;
    render();
    input.blur();
  };

  const follow = (index: number) => {
    // A click on the result's link: the app's navigator takes it like any link (client-side, to the section).
    document.getElementById(optionId(index))?.querySelector('a')?.click();
  };

  const onInput = () => {
    typedAt ??= performance.now();
    query = input.value;
    open = true;
    render();
    search();
  };
  const onFocus = () => {
    open = true;
    render();
  };
  const onBlur = () => {
    open = false;
    render();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const hits = visibleHits();
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (hits.length === 0) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      active = !open ? (step === 1 ? 0 : hits.length - 1) : active === -1 && step === -1 ? hits.length - 1 : (active + step + hits.length) % hits.length;
      open = true;
      render();
    } else if (event.key === 'Enter') {
      if (!open || hits.length === 0) return;
      event.preventDefault();
      follow(Math.max(active, 0));
    } else if (event.key === 'Escape') {
      event.preventDefault();
      // First Escape closes the list; the next one clears the box.
      if (open && query.trim() !== '') open = false;
      else {
        input.value = '';
        query = '';
        active = -1;
      }
      render();
    } else if (event.key === 'Tab') {
      open = false;
      render();
    }
  };

  input.addEventListener('input', onInput);
  input.addEventListener('focus', onFocus);
  input.addEventListener('blur', onBlur);
  input.addEventListener('keydown', onKeyDown);
  render();
  loadEngine(site, context).then(
    (loaded) => {
      engine = loaded;
      if (unmounted) return;
      render();
      search();
    },
    () => {
      loadFailed = true;
      if (!unmounted) render();
    },
  );

  return () => {
    unmounted = true;
    if (pending) {
      clearTimeout(pending.timer);
      pending.controller.abort();
    }
    clearTimeout(snippetTimer);
    input.removeEventListener('input', onInput);
    input.removeEventListener('focus', onFocus);
    input.removeEventListener('blur', onBlur);
    input.removeEventListener('keydown', onKeyDown);
    status.remove();
    popup.remove();
  };
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  return node;
}

/** Segments as DOM: text nodes and `<mark>`s; never HTML from a string. */
function marked(segments: readonly Segment[]): Node[] {
  return segments.map((segment) => {
    if (!segment.mark) return document.createTextNode(segment.text);
    const mark = element('mark');
    mark.textContent = segment.text;
    return mark;
  });
}

function setOrRemove(node: Element, name: string, value: string | undefined): void {
  if (value === undefined) node.removeAttribute(name);
  else if (node.getAttribute(name) !== value) node.setAttribute(name, value);
}

async function loadEngine(site: ShellSite, context: SearchContext): Promise<SearchEngine> {
  const doFetch: typeof fetch = (url, init) => fetch(url, init);
  if (site.search.provider === 'docsearch') {
    const { createDocsearchEngine } = await import('./docsearch-engine');
    return createDocsearchEngine(site, doFetch);
  }
  // The index's name is in routes.json, which may still be on its way (the box works before it arrives).
  const name = (await context.routes.root()).search;
  if (!name) throw new Error('This site has no search index.');
  // The library and the index's root at once: one wait. Its shards come as queries need them.
  const [{ createLocalEngine }, root] = await Promise.all([import('./local-engine'), getJson<SearchRoot>(doFetch, `${site.base}${name}`)]);
  // The page shown, as the index names pages (without the base): its locale's pages are searched.
  const shownPath = () => `/${safeDecodeUri(window.location.pathname).slice(site.base.length)}`;
  return createLocalEngine(root, (file) => getJson(doFetch, `${site.base}${file}`), site.base, shownPath);
}

/** router.ts's sitePathOf decodes the same way; it is not imported: the router would be split out of the first-load script (see local-engine's hrefs). */
function safeDecodeUri(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

async function getJson<T>(doFetch: typeof fetch, url: string): Promise<T> {
  const response = await doFetch(url);
  if (!response.ok) throw new Error(`${response.status} ${url}`);
  return (await response.json()) as T;
}
