const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** UTF-8 text, BOM stripped and line endings normalised; undefined for invalid UTF-8 or NUL bytes. */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  if (bytes.includes(0)) return undefined;
  try {
    return decoder.decode(bytes).replace(/\r\n?/g, '\n');
  } catch {
    return undefined;
  }
}
