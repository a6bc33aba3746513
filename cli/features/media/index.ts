import type { EmitContext, Feature, FeatureRun } from '../types';
import { referencedMedia } from './referenced';
import { putAsset } from '../../output/assets';

/** content/public/, as it is, and the content's files the site refers to (under assets/media/, content-hashed); nothing else. */
export const mediaFeature: Feature = {
  name: 'media',
  async start({ assets, model, output }: EmitContext): Promise<FeatureRun> {
    const used = referencedMedia(model);
    for (const [name, asset] of assets.files) if (assets.publicFiles.has(name) || used.has(name)) await putAsset(output, name, asset);
    return {};
  },
};
