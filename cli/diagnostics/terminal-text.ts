/**
 * Text from pages, file names and values, made safe to print: a terminal
 * runs escape sequences (a page could clear the screen, retitle the window or
 * hide a line), so control characters are shown escaped, colour or not. JSON
 * output escapes its own and keeps values whole.
 */

/** C0 controls but tab, DEL and the C1 controls (U+009B is a one-character CSI), and line and paragraph separators. */
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029]/g;

/** Runs of non-space characters longer than this are cut in messages (a 50 KB URL printed whole buries everything else). */
export const MAX_VALUE_CHARS = 200;
const LONG_VALUE = new RegExp(`\\S{${MAX_VALUE_CHARS + 1},}`, 'gu');

/** `\x1b` for ESC, `\n` for a line end: visible, and inert. */
export function escapeControls(text: string): string {
  return text.replace(CONTROL, (c) => {
    if (c === '\n') return '\\n';
    if (c === '\r') return '\\r';
    const code = c.charCodeAt(0);
    return code > 0xff ? `\\u${code.toString(16).padStart(4, '0')}` : `\\x${code.toString(16).padStart(2, '0')}`;
  });
}

/** A long value cut to its start and end around an ellipsis that says how much is left out. */
export function shortenValues(text: string): string {
  return text.replace(LONG_VALUE, (value) => {
    const chars = [...value];
    if (chars.length <= MAX_VALUE_CHARS) return value;
    return `${chars.slice(0, 120).join('')}…(${chars.length - 150} more characters)…${chars.slice(-30).join('')}`;
  });
}

/** For a line of a terminal: controls escaped, long values cut. */
export function terminalText(text: string): string {
  return shortenValues(escapeControls(text));
}

/** For several lines (a usage error's explanation): each line as terminalText, the line ends kept. */
export function terminalLines(text: string): string {
  return text.split('\n').map(terminalText).join('\n');
}
