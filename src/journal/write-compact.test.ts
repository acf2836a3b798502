import { describe, expect, it } from 'vitest';
import { compactLength } from './write-compact.ts';

describe('compactLength (R-J6)', () => {
  it('counts the UTF-8 bytes of the compact form', () => {
    expect(compactLength('é€😀')).toBe(2 + 2 + 3 + 4);
    expect(compactLength(new Map([['a', '\n']]))).toBe('{"a":"\\n"}'.length);
  });

  it('counts a lone surrogate as its six-byte escape, a pair as its four UTF-8 bytes', () => {
    expect(compactLength('\ud800')).toBe(2 + 6);
    expect(compactLength('x\udc00\ud83d')).toBe(2 + 1 + 6 + 6);
    expect(compactLength('\ud83d\ude00\udc00')).toBe(2 + 4 + 6);
    expect(compactLength(['\ud800\ud800'])).toBe(4 + 12);
  });
});
