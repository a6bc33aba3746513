import type { EmitContext, Feature, FeatureRun } from '../types';
import { hostingFiles } from './files';

/** What static hosts and crawlers read: redirect stubs and rules, headers, sitemap.xml, robots.txt. */
export const hostingFeature: Feature = {
  name: 'hosting',
  async start({ model, output, published }: EmitContext): Promise<FeatureRun> {
    return {
      async finish() {
        const files = hostingFiles({ manifest: published.manifest!, redirects: model.redirects, taken: output.names() });
        for (const [name, content] of files) await output.put(name, content);
      },
    };
  },
};
