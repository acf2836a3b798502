/** RFC 6901 JSON pointers. */

/** Appends one reference token (escaping `~` and `/`) to a pointer. */
export function appendPointer(pointer: string, token: string | number): string {
  const t = typeof token === 'number' ? String(token) : token.replace(/~/g, '~0').replace(/\//g, '~1');
  return `${pointer}/${t}`;
}
