import { describe, expect, it } from 'vitest';
import { OP_NAMES } from '../../shared/ops.ts';
import { COSMETIC_RULES, cosmeticRules, reorderRecords, rewriteCosmetically, shrinkCosmetically } from './cosmetic-shrink.ts';

const bytes = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));
const text = (b: Uint8Array) => Buffer.from(b).toString('latin1');
const journal = cosmeticRules('journal.read')!;
const codegraph = cosmeticRules('codegraph.read')!;

describe('rewriteCosmetically', () => {
  it('writes journal lines compact, compact in the R-J8 member orders, or in order with the spacing kept; tokens and payload order kept', () => {
    const input =
      '{ "origin":0,\t"schema" : 3,"generation":0}\n' +
      '{"entries":[{"payload":{"z":1.50,"a":"x y"},"metadata":{"at_us":-0,"principal":null},"position":1}],"frontier":1, "group":1,"first":1}\n';
    expect(text(rewriteCosmetically(bytes(input), journal, 'compact'))).toBe(
      '{"origin":0,"schema":3,"generation":0}\n{"entries":[{"payload":{"z":1.50,"a":"x y"},"metadata":{"at_us":-0,"principal":null},"position":1}],"frontier":1,"group":1,"first":1}\n',
    );
    expect(text(rewriteCosmetically(bytes(input), journal, 'compact-ordered'))).toBe(
      '{"schema":3,"generation":0,"origin":0}\n{"group":1,"first":1,"frontier":1,"entries":[{"position":1,"metadata":{"principal":null,"at_us":-0},"payload":{"z":1.50,"a":"x y"}}]}\n',
    );
    // Each gap keeps its bytes and its place; a member takes the bytes around its colon along.
    expect(text(rewriteCosmetically(bytes(input), journal, 'ordered'))).toBe(
      '{ "schema" : 3,\t"generation":0,"origin":0}\n{"group":1,"first":1, "frontier":1,"entries":[{"position":1,"metadata":{"principal":null,"at_us":-0},"payload":{"z":1.50,"a":"x y"}}]}\n',
    );
  });

  it('keeps lines that are no JSON value byte for byte, and stray bytes around a value', () => {
    const input = '{"a": 1,}\n \t\n\xef\xbb\xbf{ "b" : 2 }\n{ "c" : 3 }\r\n{"d":4} x\n{"e": "unterminated\n';
    expect(text(rewriteCosmetically(bytes(input), journal, 'compact'))).toBe('{"a": 1,}\n \t\n\xef\xbb\xbf{"b":2}\n{"c":3}\r\n{"d":4} x\n{"e": "unterminated\n');
  });

  it('reads tokens by the R-S1 grammar of the shared toolkit: a lexeme or string outside it keeps its line as it is', () => {
    // A leading zero, a bare word, an unescaped control byte in a string, a bad escape: no JSON value, kept.
    for (const line of ['{"a": 01 }', '{"a": nul }', '{"a": "x\ty" }', '{"a": "\\x" }', '{"a": 1. }', '{"a": tru }']) {
      expect(text(rewriteCosmetically(bytes(`${line}\n`), journal, 'compact')), line).toBe(`${line}\n`);
    }
    // Escaped quotes and backslashes stay inside their string; lexemes keep their spelling.
    expect(text(rewriteCosmetically(bytes('{ "s" : "a\\"b\\\\" , "n" : -0.0E+1 , "l" : [ true , false , null ] }'), journal, 'compact'))).toBe(
      '{"s":"a\\"b\\\\","n":-0.0E+1,"l":[true,false,null]}',
    );
  });

  it('puts every codegraph record type in its CG-WRITE-1 member order, Literals and arguments included, entity attributes in their order', () => {
    const input = [
      '{"dict":{"provenance":[],"edges":[],"traits":[],"kinds":["k"]},"root":"/","extractor":{"version":"1","name":"x"},"lang":"j","schemaVersion":"1.0.0","t":"header"}',
      '{"path":"a","i":0,"t":"f"}',
      '{"value":{"items":[{"value":1,"k":"number"}],"k":"array"},"name":"n","d":"z","s":"x","m":0,"tr":[1,0],"k":0,"i":1,"t":"e","anchor":[0,1,1]}',
      '{"arguments":[{"value":{"type":0,"k":"class"},"name":"a"}],"sourceFile":0,"anchor":[0,1,1],"p":0,"o":1,"f":0,"k":0,"t":"x"}',
      '{"counts":{"edges":1,"entities":2,"files":1},"t":"eof"}',
      '{"b":1,"a":2,"t":"unknown"}',
      '',
    ].join('\n');
    expect(text(rewriteCosmetically(bytes(input), codegraph, 'compact-ordered')).split('\n')).toEqual([
      '{"t":"header","schemaVersion":"1.0.0","lang":"j","extractor":{"version":"1","name":"x"},"root":"/","dict":{"kinds":["k"],"traits":[],"edges":[],"provenance":[]}}',
      '{"t":"f","i":0,"path":"a"}',
      '{"t":"e","i":1,"k":0,"tr":[1,0],"m":0,"s":"x","d":"z","value":{"k":"array","items":[{"k":"number","value":1}]},"name":"n","anchor":[0,1,1]}',
      '{"t":"x","k":0,"f":0,"o":1,"p":0,"anchor":[0,1,1],"sourceFile":0,"arguments":[{"name":"a","value":{"k":"class","type":0}}]}',
      '{"t":"eof","counts":{"files":1,"entities":2,"edges":1}}',
      '{"b":1,"a":2,"t":"unknown"}',
      '',
    ]);
  });

  it('orders tied codegraph edges by their text (CG-WRITE-1), and moves no other record', () => {
    const tiedB = '{"t":"x","k":0,"f":0,"o":1,"p":0,"anchor":[0,1,1]}';
    const tiedA = '{"t":"x","k":0,"f":0,"o":1,"p":0,"anchor":[0,1,1],"sourceFile":0}';
    const other = '{"t":"x","k":0,"f":0,"o":2,"p":0,"anchor":[0,1,1]}';
    // The same key by value but another lexeme is not a tie the pass may judge: it stays put.
    const lexeme = '{"t":"x","k":0,"f":0,"o":2,"p":0.0,"anchor":[0,1,1],"arguments":[]}';
    const input = ['{"t":"e","i":1}', '{"t":"e","i":0}', tiedB, tiedA, lexeme, other, '{"t":"eof"}', ''].join('\n');
    expect(text(reorderRecords(bytes(input), codegraph)!).split('\n')).toEqual(['{"t":"e","i":1}', '{"t":"e","i":0}', tiedA, tiedB, lexeme, other, '{"t":"eof"}', '']);
    expect(reorderRecords(bytes([tiedA, tiedB, ''].join('\n')), codegraph)).toBeUndefined();
    expect(reorderRecords(bytes(input), journal)).toBeUndefined();
  });

  it('rewrites the journal a journal.append request carries by journal.read\'s rules, when it is canonical base64', () => {
    const file = '{ "schema" : 3, "origin":0,"generation":0}\n';
    const request = (journal: string) => `{"group":[],"journal":"${journal}"}`;
    const b64 = Buffer.from(file).toString('base64');
    const out = text(rewriteCosmetically(bytes(request(b64)), cosmeticRules('journal.append')!, 'compact-ordered'));
    expect(out).toBe(`{"journal":"${Buffer.from('{"schema":3,"generation":0,"origin":0}\n').toString('base64')}","group":[]}`);
    // Unpadded base64 (or any other spelling) is kept as written: it may be the finding (JRN-OP-1).
    const unpadded = b64.replace(/=+$/, '');
    expect(unpadded).not.toBe(b64);
    expect(text(rewriteCosmetically(bytes(request(unpadded)), cosmeticRules('journal.append')!, 'compact'))).toBe(request(unpadded));
  });

  it('treats a c14n input as one text: LF and CR between tokens go, member order stays', () => {
    const input = ' {\r\n  "b" : [ 1 ,\n 2 ],\t"a": "s  t"\n}\n';
    expect(text(rewriteCosmetically(bytes(input), cosmeticRules('morph.c14n')!, 'compact'))).toBe('{"b":[1,2],"a":"s  t"}');
    expect(cosmeticRules('morph.c14n')!.order).toBeUndefined();
  });

  it('has a decision for every op: the request ops are one JSON text in their spec order, a bundle has nothing cosmetic', () => {
    expect(Object.keys(COSMETIC_RULES).sort()).toEqual([...OP_NAMES].sort());
    expect(cosmeticRules('morph.decode')).toBeUndefined();
    expect(COSMETIC_RULES['morph.decode']).toMatchObject({ none: expect.stringContaining('MORPH-CTX') });
    const append = '{ "group" : [ {"payload":{},"position":2,"kind":"Transaction"} ] ,\n"journal" : "e30K" }';
    expect(text(rewriteCosmetically(bytes(append), cosmeticRules('journal.append')!, 'compact-ordered'))).toBe('{"journal":"e30K","group":[{"position":2,"kind":"Transaction","payload":{}}]}');
    expect(text(rewriteCosmetically(bytes('[ "a" ,\r\n "b" ]'), cosmeticRules('journal.track-key')!, 'compact'))).toBe('["a","b"]');
    const encode = '{"guide":null, "plan":{"options":{"z":1,"a":2},"formatVersion":"1","encoding":"json-compact"},"input":"[ 1 ]"}';
    // The input text is a string: its spacing is its own (kept); the codec options keep their order.
    expect(text(rewriteCosmetically(bytes(encode), cosmeticRules('morph.encode')!, 'compact-ordered'))).toBe(
      '{"input":"[ 1 ]","plan":{"encoding":"json-compact","formatVersion":"1","options":{"z":1,"a":2}},"guide":null}',
    );
    const artifact = '{\n  "integrity": {"algorithm": "sha256", "payloadDigest": "00"},\n  "plan": {"plannerPolicy": "validated", "encoding": "e"},\n  "artifactVersion": "morph-artifact/1"\n}\n';
    expect(text(rewriteCosmetically(bytes(artifact), cosmeticRules('morph.import')!, 'compact-ordered'))).toBe(
      '{"artifactVersion":"morph-artifact/1","plan":{"encoding":"e","plannerPolicy":"validated"},"integrity":{"payloadDigest":"00","algorithm":"sha256"}}',
    );
  });
});

describe('shrinkCosmetically', () => {
  it('keeps the spacing the finding needs and removes the rest', async () => {
    const input = bytes('{ "schema" : 3 , "generation":0,"origin":0}\n{"position" : 1}\n{ "group" : 1 }\n');
    // The finding survives only while the second line keeps its space before the colon.
    const needsSpace = async (b: Uint8Array) => text(b).split('\n')[1] === '{"position" : 1}';
    expect(text(await shrinkCosmetically('journal.read', input, needsSpace))).toBe('{"schema":3,"generation":0,"origin":0}\n{"position" : 1}\n{"group":1}\n');
  });

  it('puts members in canonical order around the spacing the finding needs', async () => {
    const input = bytes('{"generation":0, "origin" : 0,"schema":3}\n{"frontier":1,"group":1}\n');
    // The finding needs the spaces around the first line's colon of origin, not its place.
    const needsSpacedColon = async (b: Uint8Array) => text(b).split('\n')[0]!.includes('"origin" : 0');
    expect(text(await shrinkCosmetically('journal.read', input, needsSpacedColon))).toBe('{"schema":3, "generation":0,"origin" : 0}\n{"group":1,"frontier":1}\n');
  });

  it('puts tied codegraph edges in text order when the finding survives it', async () => {
    const tiedB = '{"t":"x","k":0,"f":0,"o":1,"p":0,"anchor":[0,1,1]}';
    const tiedA = '{"anchor":[0,1,1],"sourceFile":0,"t":"x","k":0,"f":0,"o":1,"p":0}';
    const input = bytes([tiedB, tiedA, ''].join('\n'));
    const always = async () => true;
    expect(text(await shrinkCosmetically('codegraph.read', input, always)).split('\n')).toEqual(['{"t":"x","k":0,"f":0,"o":1,"p":0,"anchor":[0,1,1],"sourceFile":0}', tiedB, '']);
  });

  it('keeps the member order the finding needs', async () => {
    const input = bytes('{"origin":0, "schema":3,"generation":0}\n');
    const needsOriginFirst = async (b: Uint8Array) => text(b).startsWith('{"origin"');
    expect(text(await shrinkCosmetically('journal.read', input, needsOriginFirst))).toBe('{"origin":0,"schema":3,"generation":0}\n');
  });

  it('spends at most its budget of testee runs, never twice on one candidate, and leaves other ops alone', async () => {
    const input = bytes('{ "b":1, "a":2 }\n'.repeat(10));
    const seen: string[] = [];
    const never = async (b: Uint8Array) => {
      seen.push(text(b));
      return false;
    };
    expect(text(await shrinkCosmetically('journal.read', input, never, 5))).toBe(text(input));
    expect(seen).toHaveLength(5);
    seen.length = 0;
    await shrinkCosmetically('journal.read', input, never, 1000);
    expect(new Set(seen).size).toBe(seen.length);
    seen.length = 0;
    expect(await shrinkCosmetically('morph.decode', input, never)).toBe(input);
    expect(seen).toHaveLength(0);
  });
});
