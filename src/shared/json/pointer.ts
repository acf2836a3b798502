/** RFC 6901 JSON pointers. */

/** One reference token, escaped (`~` → `~0`, `/` → `~1`). */
export function escapePointerToken(token: string): string {
  if (token.indexOf('~') < 0 && token.indexOf('/') < 0) return token;
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Appends one reference token (escaping `~` and `/`) to a pointer. */
export function appendPointer(pointer: string, token: string | number): string {
  const t = typeof token === 'number' ? String(token) : escapePointerToken(token);
  return `${pointer}/${t}`;
}
