import type { Manifest, Redirects } from '../schema/manifest';
import { createRouteTable, type RouteTable } from './router';
import { SUPPORTED_VERSION } from './version';

export interface SiteData {
  manifest: Manifest;
  routes: RouteTable;
}

export interface SiteDataSource {
  /** pages.json and redirects.json, fetched once; a failure is forgotten so the next call retries. */
  load(): Promise<SiteData>;
}

/** Fetches the route table once per app (both files in parallel) and keeps it. */
export function createSiteDataSource(base: string, doFetch: typeof fetch = (i, init) => fetch(i, init)): SiteDataSource {
  let pending: Promise<SiteData> | undefined;
  const getJson = async <T extends { version: number }>(name: string): Promise<T> => {
    const response = await doFetch(`${base}${name}`);
    if (!response.ok) throw new Error(`${response.status} ${name}`);
    const data = (await response.json()) as T;
    if (data.version !== SUPPORTED_VERSION) throw new Error(`version ${data.version} ${name}`);
    return data;
  };
  return {
    load() {
      pending ??= Promise.all([getJson<Manifest>('pages.json'), getJson<Redirects>('redirects.json')]).then(
        ([manifest, redirects]) => ({ manifest, routes: createRouteTable(manifest, redirects) }),
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
  };
}
