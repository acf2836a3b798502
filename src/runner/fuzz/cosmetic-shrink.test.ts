import { describe, expect, it } from 'vitest';
import { COSMETIC_RULES, rewriteCosmetically, shrinkCosmetically } from './cosmetic-shrink.ts';

const bytes = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));
const text = (b: Uint8Array) => Buffer.from(b).toString('latin1');
const journal = COSMETIC_RULES['journal.read']!;

describe('rewriteCosmetically', () => {
  it('writes journal lines compact in the R-J8 member orders, tokens and payload order kept', () => {
    const input =
      '{ "origin":0,\t"schema" : 3,"generation":0}\n' +
      '{"entries":[{"payload":{"z":1.50,"a":"x y"},"metadata":{"at_us":-0,"principal":null},"position":1}],"frontier":1, "group":1,"first":1}\n';
    expect(text(rewriteCosmetically(bytes(input), journal, false))).toBe(
      '{"origin":0,"schema":3,"generation":0}\n{"entries":[{"payload":{"z":1.50,"a":"x y"},"metadata":{"at_us":-0,"principal":null},"position":1}],"frontier":1,"group":1,"first":1}\n',
    );
    expect(text(rewriteCosmetically(bytes(input), journal, true))).toBe(
      '{"schema":3,"generation":0,"origin":0}\n{"group":1,"first":1,"frontier":1,"entries":[{"position":1,"metadata":{"principal":null,"at_us":-0},"payload":{"z":1.50,"a":"x y"}}]}\n',
    );
  });

  it('keeps lines that are no JSON value byte for byte, and stray bytes around a value', () => {
    const input = '{"a": 1,}\n \t\n\xef\xbb\xbf{ "b" : 2 }\n{ "c" : 3 }\r\n{"d":4} x\n{"e": "unterminated\n';
    expect(text(rewriteCosmetically(bytes(input), journal, false))).toBe('{"a": 1,}\n \t\n\xef\xbb\xbf{"b":2}\n{"c":3}\r\n{"d":4} x\n{"e": "unterminated\n');
  });

  it('puts t first in a codegraph record and keeps the other members in their order', () => {
    const input = '{"path" : "a", "i":0 ,"t":"f"}\n';
    expect(text(rewriteCosmetically(bytes(input), COSMETIC_RULES['codegraph.read']!, true))).toBe('{"t":"f","path":"a","i":0}\n');
  });

  it('treats a c14n input as one text: LF and CR between tokens go, member order stays', () => {
    const input = ' {\r\n  "b" : [ 1 ,\n 2 ],\t"a": "s  t"\n}\n';
    expect(text(rewriteCosmetically(bytes(input), COSMETIC_RULES['morph.c14n']!, false))).toBe('{"b":[1,2],"a":"s  t"}');
    expect(COSMETIC_RULES['morph.c14n']!.order).toBeUndefined();
  });

  it('has no rules for ops whose inputs are bundles or binary', () => {
    expect(COSMETIC_RULES['morph.decode']).toBeUndefined();
  });
});

describe('shrinkCosmetically', () => {
  it('keeps the spacing the finding needs and removes the rest', async () => {
    const input = bytes('{ "schema" : 3 , "generation":0,"origin":0}\n{"position" : 1}\n{ "group" : 1 }\n');
    // The finding survives only while the second line keeps its space before the colon.
    const needsSpace = async (b: Uint8Array) => text(b).split('\n')[1] === '{"position" : 1}';
    expect(text(await shrinkCosmetically('journal.read', input, needsSpace))).toBe('{"schema":3,"generation":0,"origin":0}\n{"position" : 1}\n{"group":1}\n');
  });

  it('keeps the member order the finding needs', async () => {
    const input = bytes('{"origin":0, "schema":3,"generation":0}\n');
    const needsOriginFirst = async (b: Uint8Array) => text(b).startsWith('{"origin"');
    expect(text(await shrinkCosmetically('journal.read', input, needsOriginFirst))).toBe('{"origin":0,"schema":3,"generation":0}\n');
  });

  it('spends at most its budget of testee runs and leaves other ops alone', async () => {
    const input = bytes('{ "a":1 }\n'.repeat(10));
    let calls = 0;
    const never = async () => {
      calls++;
      return false;
    };
    expect(text(await shrinkCosmetically('journal.read', input, never, 5))).toBe(text(input));
    expect(calls).toBe(5);
    calls = 0;
    expect(await shrinkCosmetically('morph.decode', input, never)).toBe(input);
    expect(calls).toBe(0);
  });
});
