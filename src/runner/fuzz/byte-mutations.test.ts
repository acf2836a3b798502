import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyByteMutation, applyByteMutations, byteMutation, type ByteMutation } from './byte-mutations.ts';
import { scanSpans } from './scan-spans.ts';
import { assertProperty } from '../../../test-support/assert-property.ts';
import { renderSamples } from '../../../test-support/sample-snapshot.ts';

const bytes = (s: string) => new Uint8Array(Buffer.from(s, 'utf8'));
const text = (b: Uint8Array) => Buffer.from(b).toString('utf8');
const LINE = '{"a":1,"b":[2,"x"],"c":{"d":null}}';

describe('scanSpans', () => {
  it('finds numbers, strings, members and lines', () => {
    const s = scanSpans(bytes(`${LINE}\n{"e":-3.5e2}`));
    expect(s.numbers.map((n) => text(bytes(`${LINE}\n{"e":-3.5e2}`).subarray(n.start, n.end)))).toEqual(['1', '2', '-3.5e2']);
    expect(s.members.map((m) => text(bytes(`${LINE}\n{"e":-3.5e2}`).subarray(m.key.start, m.value.end)))).toEqual([
      '"a":1',
      '"b":[2,"x"]',
      '"c":{"d":null}',
      '"d":null',
      '"e":-3.5e2',
    ]);
    expect(s.lines).toHaveLength(2);
  });

  it('skips escaped quotes inside strings', () => {
    const s = scanSpans(bytes('{"k\\"":"v\\\\"}'));
    expect(s.members).toHaveLength(1);
    expect(s.strings).toHaveLength(2);
  });
});

describe('applyByteMutation', () => {
  const apply = (m: ByteMutation, input = LINE) => text(applyByteMutation(bytes(input), m));

  it('replaces a number absolutely or relative to its integer value', () => {
    expect(apply({ kind: 'number', nth: 0, lexeme: '1.0' })).toBe('{"a":1.0,"b":[2,"x"],"c":{"d":null}}');
    expect(apply({ kind: 'number', nth: 1, lexeme: '+1' })).toBe('{"a":1,"b":[3,"x"],"c":{"d":null}}');
    expect(apply({ kind: 'number', nth: 0, lexeme: '+1' }, '{"p":18446744073709551615}')).toBe('{"p":18446744073709551616}');
  });

  it('edits members: rename, add, duplicate, delete', () => {
    expect(apply({ kind: 'rename-member', nth: 0, name: 'at' })).toBe('{"at":1,"b":[2,"x"],"c":{"d":null}}');
    expect(apply({ kind: 'add-member', nth: 3, name: 'x', text: 'true' })).toBe('{"a":1,"b":[2,"x"],"c":{"x":true,"d":null}}');
    expect(apply({ kind: 'duplicate-member', nth: 0 })).toBe('{"a":1,"a":1,"b":[2,"x"],"c":{"d":null}}');
    expect(apply({ kind: 'delete-member', nth: 1 })).toBe('{"a":1,"c":{"d":null}}');
    expect(apply({ kind: 'delete-member', nth: 2 })).toBe('{"a":1,"b":[2,"x"]}');
  });

  it('sets the value of a member the rules constrain', () => {
    const journalLine = '{"position":7,"x":1,"metadata":{"correlation":7,"causation":6}}';
    expect(apply({ kind: 'set-member', nth: 2, text: '+1' }, journalLine)).toBe('{"position":7,"x":1,"metadata":{"correlation":7,"causation":7}}');
    expect(apply({ kind: 'set-member', nth: 1, text: '"harmos:x"' }, journalLine)).toBe(
      '{"position":7,"x":1,"metadata":{"correlation":"harmos:x","causation":6}}',
    );
    expect(apply({ kind: 'set-member', nth: 0, text: '0' }, '{"x":1}')).toBe('{"x":1}');
  });

  it('copies a member value onto another member of the same line', () => {
    const two = '{"f":3,"o":4}\n{"f":5}';
    expect(apply({ kind: 'copy-member', from: 0, to: 0 }, two)).toBe('{"f":3,"o":3}\n{"f":5}');
    expect(apply({ kind: 'copy-member', from: 2, to: 0 }, two)).toBe(two);
  });

  it('edits lines', () => {
    const two = 'A\nB\n';
    expect(apply({ kind: 'line', nth: 0, edit: 'duplicate' }, two)).toBe('A\nA\nB\n');
    expect(apply({ kind: 'line', nth: 0, edit: 'swap-next' }, two)).toBe('B\nA\n');
    expect(apply({ kind: 'line', nth: 1, edit: 'cr-before-lf' }, two)).toBe('A\nB\r\n');
    expect(apply({ kind: 'line', nth: 1, edit: 'blank-before' }, two)).toBe('A\n\nB\n');
    expect(apply({ kind: 'line', nth: 0, edit: 'join-next' }, two)).toBe('AB\n');
    expect(apply({ kind: 'line', nth: 0, edit: 'delete' }, two)).toBe('B\n');
  });

  it('inserts bytes at a line start or end', () => {
    expect(apply({ kind: 'insert-at-line', nth: 1, end: true, bytes: [0x0d] }, 'A\nB\n')).toBe('A\nB\r\n');
    expect(apply({ kind: 'insert-at-line', nth: 0, end: false, bytes: [0xef, 0xbb, 0xbf] }, 'A\n')).toBe('\ufeffA\n');
  });

  it('edits the file boundaries', () => {
    expect(apply({ kind: 'prefix', bytes: [0x20] }, 'A\n')).toBe(' A\n');
    expect(apply({ kind: 'suffix', bytes: [0x0a] }, 'A\n')).toBe('A\n\n');
    expect(apply({ kind: 'strip-final-lf' }, 'A\nB\n')).toBe('A\nB');
    expect(apply({ kind: 'append-line', nth: 0 }, 'A\nB\n')).toBe('A\nB\nA\n');
    expect(apply({ kind: 'append-line', nth: 0 }, 'A\nB')).toBe('A\nB\nA\n');
    expect(apply({ kind: 'line', nth: 1, edit: 'spaces-before' }, 'A\nB\n')).toBe('A\n \t\nB\n');
  });

  it('leaves the input unchanged when the mutation has no candidate', () => {
    expect(apply({ kind: 'number', nth: 3, lexeme: '0' }, '"no numbers"')).toBe('"no numbers"');
    expect(apply({ kind: 'delete-member', nth: 0 }, '[]')).toBe('[]');
  });

  it('never throws and is deterministic on any bytes', () => {
    assertProperty(
      fc.property(fc.uint8Array({ maxLength: 200 }), fc.array(byteMutation(), { maxLength: 4 }), (input, ms) => {
        const a = applyByteMutations(input, ms);
        const b = applyByteMutations(input, ms);
        expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
      }),
      { seed: 7, numRuns: 500 },
    );
  });

  it('truncation keeps a prefix', () => {
    assertProperty(
      fc.property(fc.string({ maxLength: 50 }), fc.nat(), (s, at) => {
        const out = applyByteMutation(bytes(s), { kind: 'truncate', at });
        expect(Buffer.from(bytes(s)).subarray(0, out.length).equals(Buffer.from(out))).toBe(true);
      }),
      { seed: 8, numRuns: 200 },
    );
  });

  it('gives the same bytes with the base scan reused as with every input scanned afresh', () => {
    const base = bytes(`${LINE}\n{"position":3,"id":"x","link":null}\n`);
    const fresh = (ms: readonly ByteMutation[]) => ms.reduce<Uint8Array>((out, m) => applyByteMutation(out, m), base);
    assertProperty(
      fc.property(fc.array(byteMutation(), { maxLength: 3 }), (ms) => {
        // The first call scans the base (or reuses an earlier property run's scan), the second reuses it.
        for (let i = 0; i < 2; i++) expect(Buffer.from(applyByteMutations(base, ms)).equals(Buffer.from(fresh(ms)))).toBe(true);
      }),
      { seed: 9, numRuns: 300 },
    );
  });

  it('generates the same mutations for a fixed seed (no-regression freeze)', async () => {
    await expect(renderSamples(byteMutation(), (m) => JSON.stringify(m), { numRuns: 50 })).toMatchFileSnapshot('./__snapshots__/byte-mutation.txt');
  });
});
