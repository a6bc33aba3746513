import type { FeatureStates } from '../output/feature-states';
import { linkFingerprintOf } from '../site/link-fingerprint';
import type { SiteIndex } from '../site/site-index';
import { hashOf } from '../support/hash';
import type { EmitPage } from './types';

/**
 * A digest of each page's links as a feature resolved them (the viewer's
 * hrefs, the `.md` copies' targets), kept between CLI builds in the page
 * cache's folder: after an edit, a page whose input key (its text, source
 * file and everything its summary is made from) and the site index's link
 * fingerprint (site/link-fingerprint.ts) are the last build's has the same
 * links, and its digest is taken without resolving or hashing them. At
 * 10,000 pages, resolving and hashing every page's links for the output's
 * reuse keys was about a second of a one-edit build.
 */
export interface LinkDigests {
  /** The digest of the page's links: the last build's, or `hashOf(resolve())`. */
  digestOf(page: EmitPage, resolve: () => unknown): string;
  /** Stores this build's digests for the next one (only if they differ from the last build's). */
  save(): Promise<void>;
}

interface StoredDigests {
  fingerprint: string;
  digests: [inputKey: string, digest: string][];
}

/** `name` is the feature's state name; `salt` anything else the feature's resolution reads (the site's host for the copies). */
export async function openLinkDigests(stored: FeatureStates | undefined, name: string, index: SiteIndex, salt = ''): Promise<LinkDigests> {
  if (!stored) return { digestOf: (_page, resolve) => hashOf(resolve()), save: async () => {} };
  const fingerprint = `${linkFingerprintOf(index)}:${salt}`;
  const last = await stored.load<StoredDigests>(name);
  const known = last?.fingerprint === fingerprint && Array.isArray(last.digests) ? new Map(last.digests) : undefined;
  const now = new Map<string, string>();
  let made = 0;
  return {
    digestOf(page, resolve) {
      const id = page.inputKey;
      let digest = id === undefined ? undefined : known?.get(id);
      if (digest === undefined) {
        digest = hashOf(resolve());
        made++;
      }
      if (id !== undefined) now.set(id, digest);
      return digest;
    },
    async save() {
      // Every digest taken from the last build's, and as many: the same set, nothing to write.
      if (known && made === 0 && now.size === known.size) return;
      await stored.save(name, { fingerprint, digests: [...now] } satisfies StoredDigests);
    },
  };
}
