import { describe, expect, it } from 'vitest';
import { keyTarget } from '../../../viewer/code-group';

describe('viewer/code-group', () => {
  it('moves between tabs with the arrow keys, wrapping, and to the ends with Home and End', () => {
    expect(keyTarget('ArrowRight', 0, 3)).toBe(1);
    expect(keyTarget('ArrowRight', 2, 3)).toBe(0);
    expect(keyTarget('ArrowLeft', 0, 3)).toBe(2);
    expect(keyTarget('Home', 2, 3)).toBe(0);
    expect(keyTarget('End', 0, 3)).toBe(2);
    expect(keyTarget('Enter', 1, 3)).toBeUndefined();
  });
});
