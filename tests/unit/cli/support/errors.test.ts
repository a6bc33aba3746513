import { describe, expect, it } from 'vitest';
import { environmentProblem } from '../../../../cli/support/errors';

const fsError = (code: string) => Object.assign(new Error(code), { code, syscall: 'open', path: '/out/dist.tmp-1-a/x.json' });

describe('cli/support/errors', () => {
  it('says what to fix for the machine\'s problems, naming the path', () => {
    expect(environmentProblem(fsError('ENOSPC'))).toBe('The disk is full (open /out/dist.tmp-1-a/x.json): free some space and build again. The previous output is left as it was.');
    expect(environmentProblem(fsError('EACCES'))).toMatch(/^Permission denied \(open \/out\/dist\.tmp-1-a\/x\.json\): /);
    expect(environmentProblem(fsError('EROFS'))).toMatch(/read-only/);
  });

  it('leaves anything else to be an internal error (a bug of ours)', () => {
    expect(environmentProblem(new TypeError('x is undefined'))).toBeUndefined();
    expect(environmentProblem(fsError('ENOENT'))).toBeUndefined();
  });
});
