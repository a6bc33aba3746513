import { describe, expect, it } from 'vitest';
import { copyText } from '../../../viewer/copy-code';

describe('viewer/copy-code', () => {
  it('copies a block exactly as it is shown', () => {
    const code = 'const a = 1;\n\n  return a  \n// $ not a prompt';
    expect(copyText(code, 'js')).toBe(code);
    expect(copyText(code, undefined)).toBe(code);
  });

  it('copies a shell block without prompts as it is', () => {
    expect(copyText('npm install axios\nnpm test', 'bash')).toBe('npm install axios\nnpm test');
  });

  it('copies the commands of a shell block with prompts: "$ " removed, output left out, continued lines kept', () => {
    const session = '$ pd whoami\nLogged in as dylan (dylan@example.com)\n$ curl -X POST \\\n  -d "x" \\\n  https://example.com\n{"ok":true}';
    expect(copyText(session, 'bash')).toBe('pd whoami\ncurl -X POST \\\n  -d "x" \\\n  https://example.com');
    expect(copyText('$ ls', 'shell')).toBe('ls');
    expect(copyText('$ ls', 'console')).toBe('ls');
  });

  it('leaves "$ " alone in other languages', () => {
    expect(copyText('$ = jQuery', 'js')).toBe('$ = jQuery');
  });
});
