import { describe, expect, it } from 'vitest';
import { hashTarget } from '../../../viewer/scroll-target';

/** A document of elements with ids and names: what hashTarget asks of one. */
function documentOf(elements: { id?: string; name?: string }[]): Document {
  return {
    getElementById: (id: string) => elements.find((e) => e.id === id) ?? null,
    getElementsByName: (name: string) => elements.filter((e) => e.name === name),
  } as unknown as Document;
}

describe('viewer/scroll-target hashTarget', () => {
  const heading = { id: 'forms' };
  const span = { id: 'user-content-vmodel-ime-tip' };
  const named = { name: 'user-content-top' };
  const own = { id: 'both' };
  const doc = documentOf([heading, span, named, { id: 'user-content-both' }, own, { id: 'über' }]);

  it("finds a heading by its id, and raw HTML by its prefixed id or name, the page's own id first", () => {
    expect(hashTarget(doc, '#forms')).toBe(heading);
    expect(hashTarget(doc, '#vmodel-ime-tip')).toBe(span);
    expect(hashTarget(doc, '#top')).toBe(named);
    expect(hashTarget(doc, '#both')).toBe(own);
    expect(hashTarget(doc, '#%C3%BCber')).toEqual({ id: 'über' });
    expect(hashTarget(doc, '#nothing')).toBeNull();
    expect(hashTarget(doc, '#')).toBeNull();
  });
});
