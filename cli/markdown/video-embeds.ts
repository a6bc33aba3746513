import type { Html, Link, Parent, Root, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import type { HtmlPolicy } from '../html/policy';
import { eachNode } from './walk';

/**
 * markdown-it-video's `@[youtube](dQw4w9WgXcQ)` (VuePress trees load it in
 * `extendMarkdown`): Markdown reads it as "@" and a link to a page named
 * like the id, a dead link. It is the video: an embedded player when the
 * site allows the player's origin (site.yaml `markdown.allowIframeOrigins`,
 * which the CSP's frame-src follows), else a link to the video's page.
 */
interface VideoService {
  name: string;
  /** The video's id from what was written: an id, or one of the service's URLs. */
  idOf(written: string): string | undefined;
  watch(id: string): string;
  /** Player origins, the privacy-enhanced one first, and the player's URL on one. */
  players: readonly string[];
  embed(origin: string, id: string): string;
}

const YOUTUBE_ID = /^[\w-]{11}$/;
const VIMEO_ID = /^\d+$/;
const SERVICES: Readonly<Record<string, VideoService>> = {
  youtube: {
    name: 'YouTube',
    // markdown-it-video's rule: the 11 characters after youtu.be/, v/, embed/ or watch?v=, else what was written.
    idOf: (written) => {
      const id = /(?:youtu\.be\/|\/v\/|\/embed\/|[?&]v=)([\w-]{11})/.exec(written)?.[1] ?? written;
      return YOUTUBE_ID.test(id) ? id : undefined;
    },
    watch: (id) => `https://www.youtube.com/watch?v=${id}`,
    players: ['https://www.youtube-nocookie.com', 'https://www.youtube.com'],
    embed: (origin, id) => `${origin}/embed/${id}`,
  },
  vimeo: {
    name: 'Vimeo',
    idOf: (written) => {
      const id = /vimeo\.com\/(?:video\/)?(\d+)/.exec(written)?.[1] ?? written;
      return VIMEO_ID.test(id) ? id : undefined;
    },
    watch: (id) => `https://vimeo.com/${id}`,
    players: ['https://player.vimeo.com'],
    embed: (origin, id) => `${origin}/video/${id}`,
  },
};

/** The cheap test: no `@[service](` in the page. */
const MAY_HOLD = /@\[(?:youtube|vimeo)\]\(/i;

export function embedVideos(tree: Root, text: string, policy: HtmlPolicy): void {
  if (!MAY_HOLD.test(text)) return;
  eachNode(tree, (node) => {
    if (!('children' in node) || node.type === 'link') return;
    const parent = node as Parent;
    for (let i = 1; i < parent.children.length; i++) {
      const link = parent.children[i]!;
      const before = parent.children[i - 1]!;
      if (link.type !== 'link' || before.type !== 'text' || !before.value.endsWith('@')) continue;
      const service = SERVICES[toString(link).trim().toLowerCase()];
      const id = service?.idOf(link.url.trim());
      if (!service || id === undefined) continue;
      before.value = before.value.slice(0, -1);
      parent.children[i] = videoNode(service, id, link, policy);
    }
  });
}

function videoNode(service: VideoService, id: string, link: Link, policy: HtmlPolicy): RootContent {
  const origin = service.players.find((o) => policy.allowIframeOrigins.includes(o));
  if (origin !== undefined) {
    const html: Html = {
      type: 'html',
      value: `<iframe src="${service.embed(origin, id)}" title="${service.name} video" width="560" height="315" allow="encrypted-media; picture-in-picture" allowfullscreen loading="lazy"></iframe>`,
      position: link.position,
    };
    return html;
  }
  return { type: 'link', url: service.watch(id), children: [{ type: 'text', value: `Watch the video on ${service.name}` }], position: link.position };
}
