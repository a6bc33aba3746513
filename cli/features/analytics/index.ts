import { ANALYTICS_SCRIPT_STEM, hashedAssetName } from '../../output/layout';
import type { EmitContext, Feature, FeatureRun } from '../types';

/** The analytics bootstrap, as a file: pages then need no inline script (CSP-friendly). */
export const ANALYTICS_INIT = `(function(){var s=document.currentScript,id=s&&s.getAttribute('data-tag-id');if(!id)return;window.dataLayer=window.dataLayer||[];function gtag(){window.dataLayer.push(arguments)}window.gtag=gtag;gtag('js',new Date());gtag('config',id);})();\n`;
/** Its name, which the site record's head tags point to. */
export const ANALYTICS_INIT_FILE = hashedAssetName(ANALYTICS_SCRIPT_STEM, ANALYTICS_INIT, 'js');

/** site.yaml `analytics`: the bootstrap script every page's head tags load. */
export const analyticsFeature: Feature = {
  name: 'analytics',
  async start({ model, output }: EmitContext): Promise<FeatureRun> {
    if (model.config.analytics === undefined) return {};
    return { finish: () => output.put(ANALYTICS_INIT_FILE, ANALYTICS_INIT) };
  },
};
