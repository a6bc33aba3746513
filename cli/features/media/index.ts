import type { EmitContext, Feature, FeatureRun } from '../types';

/** Files pages link to (under assets/media/, content-hashed) and content/public/, as they are. */
export const mediaFeature: Feature = {
  name: 'media',
  async start({ assets, output }: EmitContext): Promise<FeatureRun> {
    for (const [name, bytes] of assets.files) await output.put(name, bytes);
    return {};
  },
};
