import { describe, expect, it } from 'vitest';
import { internalUrl, isPlainClick, type ClickInfo } from '../../../viewer/links';

const current = new URL('http://127.0.0.1:8080/docs/limits/');
const link = (href: string | null, extra: { target?: string; download?: boolean } = {}) =>
  internalUrl({ href, target: extra.target ?? '', download: extra.download ?? false }, current, '/docs/')?.href;
const click: ClickInfo = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, defaultPrevented: false };

describe('viewer/links', () => {
  it('isPlainClick accepts only an unmodified primary click that nobody handled', () => {
    expect(isPlainClick(click)).toBe(true);
    expect(isPlainClick({ ...click, button: 1 })).toBe(false);
    for (const key of ['metaKey', 'ctrlKey', 'shiftKey', 'altKey', 'defaultPrevented'] as const) expect(isPlainClick({ ...click, [key]: true }), key).toBe(false);
  });

  describe('internalUrl', () => {
    it('takes absolute, relative and hash links under the base', () => {
      expect(link('/docs/api/rest/')).toBe('http://127.0.0.1:8080/docs/api/rest/');
      expect(link('../errors/')).toBe('http://127.0.0.1:8080/docs/errors/');
      expect(link('#memory')).toBe('http://127.0.0.1:8080/docs/limits/#memory');
      expect(link('/docs/quickstart/create-new-workflow.html')).toBe('http://127.0.0.1:8080/docs/quickstart/create-new-workflow.html');
      expect(link('/docs')).toBe('http://127.0.0.1:8080/docs');
    });
    it('leaves other origins, paths outside the base and files to the browser', () => {
      expect(link('https://pipedream.com/docs/limits/')).toBeUndefined();
      expect(link('/blog/')).toBeUndefined();
      expect(link('/docs/pages.json')).toBeUndefined();
      expect(link('/docs/favicon.svg')).toBeUndefined();
      expect(link('mailto:support@example.com')).toBeUndefined();
    });
    it('leaves links for other windows and downloads to the browser', () => {
      expect(link('/docs/errors/', { target: '_blank' })).toBeUndefined();
      expect(link('/docs/errors/', { target: '_self' })).toBe('http://127.0.0.1:8080/docs/errors/');
      expect(link('/docs/errors/', { download: true })).toBeUndefined();
      expect(link(null)).toBeUndefined();
    });
  });
});
