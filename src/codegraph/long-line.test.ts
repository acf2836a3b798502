import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codegraphModelFile } from '../../generators/codegraph/codegraph-model-file.ts';
import { MODEL_MUTATORS } from '../../generators/codegraph/model-mutators.ts';
import { assertProperty } from '../../test-support/assert-property.ts';
import { incompleteUtf8Tail } from '../shared/text.ts';
import { readModelBytes } from './read-model.ts';
import { COMPARED_STRING_MAX_BYTES, READ_OBSERVATION_MAX_BYTES } from './constants.ts';
import { ops } from './ops.ts';
import { readModelChunks } from './validate-file.ts';
import { NAME_KEPT_CHARACTERS, representLongName } from './scan-json.ts';

const models = fc.sample(codegraphModelFile({ maxMembers: 5, maxEdges: 5, maxFanOut: 3 }), { seed: 31, numRuns: 20 });
const mutated = MODEL_MUTATORS.map((m, n) => m.apply(models[n % models.length]!, n)).filter((b): b is Uint8Array => b !== undefined);

/** Streams `bytes` in reads of the given sizes (cycled), the way a pipe hands out short reads. */
function readStreamed(bytes: Uint8Array, profile: 'core' | 'strict', chunk: number, reads: number[]) {
  let at = 0;
  let n = 0;
  return readModelChunks(
    (buf, offset, length) => {
      const want = reads.length === 0 ? length : Math.max(1, reads[n++ % reads.length]!);
      const take = Math.min(length, want, bytes.length - at);
      buf.set(bytes.subarray(at, at + take), offset);
      at += take;
      return take;
    },
    profile,
    { chunkBytes: chunk },
  );
}

/**
 * A pipe that hands out at most `maxRead` bytes per read; `offered` is the furthest buffer end the
 * reader asked to fill (what it holds), `at` how much of the input it has read.
 */
function recordingPipe(bytes: Uint8Array, maxRead: number) {
  const pipe = {
    at: 0,
    offered: 0,
    read: (buf: Buffer, offset: number, length: number): number => {
      pipe.offered = Math.max(pipe.offered, offset + length);
      const take = Math.min(length, maxRead, bytes.length - pipe.at);
      buf.set(bytes.subarray(pipe.at, pipe.at + take), offset);
      pipe.at += take;
      return take;
    },
  };
  return pipe;
}

/** The knobs of every chunked read below: the profile, the reader's chunk size, and how much one read of the pipe gives. */
const anyProfile = fc.constantFrom('core', 'strict') as fc.Arbitrary<'core' | 'strict'>;
const chunkSizes = fc.constantFrom(256, 301, 1024);
const readSizes = fc.integer({ min: 7, max: 1000 });

/** Pieces that make lines long, broken, or cut inside a UTF-8 sequence, a `\u` escape or a literal. */
const piece = fc.constantFrom(
  'xxxxxxxx', '"', '\\u', '\\ud83d', '\\ude00', 'é', '😀', '\r', '\n', ' ', '\t', 'tru', 'nul', '1.', '{', '[', ',', ':', '}', ']',
  '\u0000', '\ufeff', '{"t":"f","i":0,"path":"', '{"t":"header",',
);
const hostileBytes = fc
  .tuple(fc.array(piece, { maxLength: 40 }), fc.array(fc.integer({ min: 0x80, max: 0xff }), { maxLength: 3 }), fc.nat())
  .map(([parts, raw, at]) => {
    const text = Buffer.from(parts.join(''));
    const cut = at % (text.length + 1);
    return new Uint8Array(Buffer.concat([text.subarray(0, cut), Buffer.from(raw), text.subarray(cut)]));
  });

/** A model with a long stretch inserted somewhere: inside a string, in the middle of a token, anywhere. */
const modelWithLongStretch = fc
  .tuple(fc.constantFrom(...models, ...mutated), hostileBytes, fc.nat(), fc.nat({ max: 200 }))
  .map(([model, stretch, at, repeat]) => {
    const cut = at % (model.length + 1);
    const long = Buffer.concat(Array.from({ length: 1 + (repeat % 8) }, () => Buffer.from(stretch)));
    return new Uint8Array(Buffer.concat([Buffer.from(model.subarray(0, cut)), long, Buffer.from(model.subarray(cut))]));
  });

describe('the chunked reader with its long-line path', () => {
  it('gives the whole-input verdict and error (code, rule, location, message) for any chunk and read size', () => {
    assertProperty(
      fc.property(
        fc.oneof(fc.constantFrom(...models, ...mutated), hostileBytes, modelWithLongStretch),
        anyProfile,
        fc.integer({ min: 4, max: 64 }),
        fc.array(fc.integer({ min: 1, max: 70 }), { maxLength: 5 }),
        (bytes, profile, chunk, reads) => {
          expect(readStreamed(bytes, profile, chunk, reads)).toStrictEqual(readModelBytes(bytes, profile));
        },
      ),
      { seed: 41, numRuns: 80 },
    );
  });

  it('reads a refused line on without keeping it, and stops at its end', () => {
    let served = 0;
    const header = Buffer.from('{"t":"header" oops ');
    // 64 MiB of a line that is refused at byte 14, served in 4 KiB reads: the buffer never grows past one chunk.
    const result = readModelChunks(
      (buf, offset, length) => {
        if (served >= 64 << 20) return 0;
        const take = Math.min(length, 4096);
        for (let k = 0; k < take; k++) buf[offset + k] = served + k < header.length ? header[served + k]! : 0x61;
        served += take;
        return take;
      },
      'strict',
      { chunkBytes: 1 << 16 },
    );
    expect(result.ok ? 'accepted' : [result.error.code, result.error.location.byteOffset]).toStrictEqual(['JSON_SYNTAX', 14]);
    expect(served).toBe(64 << 20);
  });

  it('stops at once at a UTF-8 fault in a long line (the first check of a line)', () => {
    let served = 0;
    const result = readModelChunks(
      (buf, offset, length) => {
        const take = Math.min(length, 4096);
        buf.fill(0xff, offset, offset + take);
        served += take;
        return take;
      },
      'strict',
      { chunkBytes: 1 << 16 },
    );
    expect(result.ok ? 'accepted' : [result.error.code, result.error.location.byteOffset]).toStrictEqual(['JSON_INVALID_UTF8', 0]);
    expect(served).toBe(1 << 16);
  });

  it('drops the checked middle of each huge string nobody reads: same verdict and locations, the buffer never grows', () => {
    const header = '{"t":"header","schemaVersion":"1.0.0","lang":"java","extractor":{"name":"x","version":"1"},"root":"","dict":{"kinds":["p"],"traits":["TComment","TNamed"],"edges":[],"provenance":[]}}\n';
    const eof = '{"t":"eof","counts":{"files":0,"entities":1,"edges":0}}\n';
    // Plain bytes, multi-byte characters, one-letter escapes and escaped pairs, so cuts land everywhere.
    const body = 'ab\\n\\"é😀\\ud83d\\ude00xy\\u0041'.repeat(2500);
    const entity = (comment: string, after: string) => `{"t":"e","i":0,"k":0,"tr":[0,1],"m":0,"s":"a","comment":"${comment}"${after}}\n`;
    const cases = [
      header + entity(body, ',"name":"n"') + eof, // valid
      header + entity(body, ',"name":5') + eof, // a type fault after the string
      header + entity(body, ',"name":"n",') + eof, // a syntax fault after it
      header + entity(body, ',"name":"n\r"') + eof, // a CR after it (strict: R-C1; core: a control character)
      header + entity(body + '\\ud800', ',"name":"n"') + eof, // a lone surrogate at the string's end
      header + entity(body, ',"name":"n"').replace(/\n$/, '') + eof.replace(/\n$/, ''), // no LF at the end
      header + entity(body, ',"name":"n"') + '{"t":"eof"', // the file ends inside the next record
    ].map((text) => new Uint8Array(Buffer.from(text)));
    // Two huge unread strings on one line (comment and signature): both middles dropped, locations after each shifted.
    const header2 = header.replace('"traits":["TComment","TNamed"]', '"traits":["TComment","TInvocable","TNamed"]');
    const entity2 = (after: string) => `{"t":"e","i":0,"k":0,"tr":[0,1,2],"m":0,"s":"a","comment":"${body}","signature":"${body}"${after}}\n`;
    cases.push(...[',"name":"n"', ',"name":5', ',"name":"n",'].map((after) => new Uint8Array(Buffer.from(header2 + entity2(after) + eof))));
    const secondBad = Buffer.from(header2 + entity2(',"name":"n"') + eof);
    secondBad[Math.floor(secondBad.length * 0.75)] = 0x01; // a control byte in the middle of the second string
    cases.push(new Uint8Array(secondBad));
    // Mostly escaped pairs: many chunk ends fall between a high and a low surrogate escape.
    cases.push(new Uint8Array(Buffer.from(header + entity('\\ud83d\\ude00'.repeat(8000) + 'z', ',"name":"n"') + eof)));
    const bad = Buffer.from(cases[0]!);
    bad[bad.length >> 1] = 0xff; // a UTF-8 fault in the middle of the string
    cases.push(new Uint8Array(bad));
    for (const bytes of cases) {
      for (const profile of ['strict', 'core'] as const) {
        for (const chunk of [301, 4096]) {
          const pipe = recordingPipe(bytes, 1000);
          const streamed = readModelChunks(pipe.read, profile, { chunkBytes: chunk });
          expect(streamed).toStrictEqual(readModelBytes(bytes, profile));
          // The line is about 95 KB; the buffer stays within a few chunks (it may double once when a
          // chunk ends in the members after the string, which are kept), so the string was not held.
          expect(pipe.offered).toBeLessThanOrEqual(4 * chunk);
        }
      }
    }
  });

  it('drops the checked items of a huge array nobody reads: the whole-input verdict and error for any chunk and read size, and a bounded buffer', () => {
    const header = '{"t":"header","schemaVersion":"1.0.0","lang":"java","extractor":{"name":"x","version":"1"},"root":"","dict":{"kinds":["p"],"traits":["TNamed"],"edges":[],"provenance":[]}}\n';
    const eof = '{"t":"eof","counts":{"files":0,"entities":1,"edges":0}}\n';
    // Items of every shape (nested containers, escapes, multi-byte text, numbers, literals), with and
    // without whitespace around commas; a CR (whitespace in core, a refusal of the whole line in strict).
    const item = fc.constantFrom('1', '-2.5e3', '0', '"s\\n\\u0041"', '"é😀\\ud83d\\ude00"', 'true', 'null', '[]', '{}', '[1,[2,"x"],[]]', '{"a":[1,2],"b":{"c":null}}', ' 7 ', '\t[ 3 , 4 ]', '22', '\r9');
    // Where the array stands: a member no trait contributes (R-C4: unread), nested in one, or in the header's repository (unread).
    const place = fc.constantFrom(
      (a: string) => header + `{"t":"e","i":0,"k":0,"tr":[0],"m":0,"s":"a","extra":${a},"name":"n"}\n` + eof,
      (a: string) => header + `{"t":"e","i":0,"k":0,"tr":[0],"m":0,"s":"a","name":"n","extra":{"x":[${a}, ${a}],"y":1}}\n` + eof,
      (a: string) => header.replace('"root":""', `"root":"","repository":{"items":${a}}`) + eof.replace('"entities":1', '"entities":0'),
    );
    // A fault (or a change of verdict) somewhere in the array, mostly after many items: its pointer names a late index.
    const damage = fc.option(fc.tuple(fc.constantFrom(',', ']', '}', '"', 'x', '\r', '\n', '\\', '1.', '[', '\u0001', ',]'), fc.double({ min: 0, max: 1, noNaN: true })), { freq: 2 });
    const model = fc.tuple(fc.array(item, { minLength: 1, maxLength: 12 }), fc.integer({ min: 20, max: 120 }), place, damage).map(([items, repeat, at, hurt]) => {
      const array = `[${Array.from({ length: repeat }, () => items).flat().join(',')}]`;
      const text = at(array);
      if (hurt === null) return { bytes: Buffer.from(text), valid: true };
      const [piece, where] = hurt;
      const start = text.indexOf('[', text.lastIndexOf('\n', text.length - eof.length - 1) + 1);
      const cut = start + 1 + Math.floor(where * (text.length - eof.length - start - 2));
      return { bytes: Buffer.from(text.slice(0, cut) + piece + text.slice(cut)), valid: false };
    });
    assertProperty(
      fc.property(
        model,
        anyProfile,
        chunkSizes,
        readSizes,
        ({ bytes, valid }, profile, chunk, maxRead) => {
          const pipe = recordingPipe(bytes, maxRead);
          expect(readModelChunks(pipe.read, profile, { chunkBytes: chunk })).toStrictEqual(readModelBytes(bytes, profile));
          // A line of up to ~100 KB: the buffer stays within a few chunks (it may double when a chunk ends
          // in what follows the array, or in an item's own nested array), so the array was not held.
          if (valid) expect(pipe.offered).toBeLessThanOrEqual(8 * chunk);
        },
      ),
      { seed: 43, numRuns: 60 },
    );
  });

  it('drops the checked members of a huge object nobody reads (keeping their names in strict): the whole-input verdict and error, and a bounded buffer in core', () => {
    const header = '{"t":"header","schemaVersion":"1.0.0","lang":"java","extractor":{"name":"x","version":"1"},"root":"","dict":{"kinds":["p"],"traits":["TNamed"],"edges":[],"provenance":[]}}\n';
    const eof = '{"t":"eof","counts":{"files":0,"entities":1,"edges":0}}\n';
    const value = fc.constantFrom('1', '"v\\n"', '[1,{"a":2}]', '{"a":{"b":[]}}', 'null', ' 2 ');
    // Members with unique names, then (or not) one that repeats an early name (strict: JSON_DUPLICATE_MEMBER), or another fault.
    const object = fc.tuple(fc.array(value, { minLength: 1, maxLength: 6 }), fc.integer({ min: 30, max: 300 }), fc.option(fc.constantFrom('"k1":0', '"k3":[]', '"k\\u0031":0', '"x":', '"k1"', '}'), { freq: 2 }))
      .map(([values, n, extra]) => {
        const members = Array.from({ length: n }, (_, k) => `"k${k}":${values[k % values.length]}`);
        if (extra !== null) members.splice(Math.max(1, n - 3), 0, extra);
        return `{${members.join(',')}}`;
      });
    const place = fc.constantFrom(
      (o: string) => `{"t":"e","i":0,"k":0,"tr":[0],"m":0,"s":"a","extra":${o},"name":"n"}`,
      (o: string) => `{"t":"e","i":0,"k":0,"tr":[0],"m":0,"s":"a","name":"n","extra":[0,{"in":${o}}]}`,
    );
    assertProperty(
      fc.property(
        object,
        place,
        anyProfile,
        chunkSizes,
        readSizes,
        (o, at, profile, chunk, maxRead) => {
          const bytes = Buffer.from(header + at(o) + '\n' + eof);
          const pipe = recordingPipe(bytes, maxRead);
          expect(readModelChunks(pipe.read, profile, { chunkBytes: chunk })).toStrictEqual(readModelBytes(bytes, profile));
          // Core keeps nothing of the members dropped; strict keeps their names (not the buffer's bytes).
          if (profile === 'core') expect(pipe.offered).toBeLessThanOrEqual(8 * chunk);
        },
      ),
      { seed: 61, numRuns: 80 },
    );
  });

  it("drops runs of the record's own members no check reads, whole in core, but each run's first in strict (their names kept): the whole-input verdict and error, and a bounded buffer", () => {
    const header = '{"t":"header","schemaVersion":"1.0.0","lang":"java","extractor":{"name":"x","version":"1"},"root":"","dict":{"kinds":["p"],"traits":["TNamed"],"edges":["access"],"provenance":["declared"]}}\n';
    const entity = (members: string) => `{${members}}\n`;
    // An entity (open: a member no trait contributes passes) or an edge (closed: strict refuses the first
    // unknown member), its own members in order, with runs of unknown members after any of them.
    const records: [string[], (line: string) => string][] = [
      [['"t":"e"', '"i":0', '"k":0', '"tr":[0]', '"m":0', '"s":"a"', '"name":"n"'], (line) => header + line + '{"t":"eof","counts":{"files":0,"entities":1,"edges":0}}\n'],
      [
        ['"t":"x"', '"k":0', '"f":0', '"o":1', '"p":0', '"anchor":[0,1,1]'],
        (line) =>
          header + '{"t":"f","i":0,"path":"a"}\n{"t":"e","i":0,"k":0,"tr":[0],"m":0,"s":"a","name":"n"}\n{"t":"e","i":1,"k":0,"tr":[0],"m":0,"s":"b","name":"n"}\n' + line + '{"t":"eof","counts":{"files":1,"entities":2,"edges":1}}\n',
      ],
    ];
    const value = fc.constantFrom('1', '"v"', `"${'w'.repeat(300)}"`, '[1,{"a":2}]', 'null', ' 2 ', '{"x":"y"}');
    // Short names, names past NAME_HELD_UNITS (held by their representative) and escaped ones.
    const nameOf = (kind: number, k: number) => (kind === 0 ? `u${k}` : kind === 1 ? `${'L'.repeat(70)}${k}` : `u\\u0041${k}`);
    // What may follow the members: a repeat of the first unknown name, of a later one, of `t` or `name`
    // (strict: JSON_DUPLICATE_MEMBER; core: the later one wins), a JSON fault, a string member typed wrong.
    const tail = fc.option(fc.constantFrom('first', 'later', '"t":"e"', '"name":1', '"x":tru', '"name":"m"', '"k":"0"'), { freq: 2 });
    assertProperty(
      fc.property(
        fc.integer({ min: 0, max: records.length - 1 }),
        fc.array(fc.integer({ min: 0, max: 150 }), { minLength: 7, maxLength: 7 }),
        fc.array(value, { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 0, max: 2 }),
        tail,
        anyProfile,
        chunkSizes,
        readSizes,
        // Every n-th unknown member followed by a repeat of a member the checks read (0: none), which
        // breaks the runs: strict refuses the repeat, core reads the last (and drops the runs whole).
        fc.constantFrom(0, 0, 1, 3),
        (r, runs, values, kind, end, profile, chunk, maxRead, repeatEvery) => {
          const [own, frame] = records[r]!;
          const members: string[] = [];
          let k = 0;
          own.forEach((m, j) => {
            members.push(m);
            for (let n = 0; n < runs[j]!; n++, k++) {
              members.push(`"${nameOf(kind, k)}":${values[k % values.length]}`);
              if (repeatEvery > 0 && k % repeatEvery === 0) members.push(own[1]!);
            }
          });
          if (end === 'first' && k > 0) members.push(`"${nameOf(kind, 0)}":0`);
          else if (end === 'later' && k > 1) members.push(`"${nameOf(kind, k - 1)}":0`);
          else if (end !== null && end !== 'first' && end !== 'later') members.push(end);
          const bytes = Buffer.from(frame(entity(members.join(','))));
          const pipe = recordingPipe(bytes, maxRead);
          expect(readModelChunks(pipe.read, profile, { chunkBytes: chunk })).toStrictEqual(readModelBytes(bytes, profile));
          // Held: the record's own members and their repeats, each run's first (strict), the member being
          // read and a chunk, however many members the runs hold (up to a thousand here; 420 bytes each at most).
          expect(pipe.offered).toBeLessThanOrEqual(2 * (4 * chunk + 16 * 420));
        },
      ),
      { seed: 83, numRuns: 80 },
    );
  });

  it('drops the checked middle of a huge string read for its type or emptiness only (a Literal value, root, lang, extractor, a name): the whole-input verdict and error, and a bounded buffer', () => {
    const header = (root: string) => `{"t":"header","schemaVersion":"1.0.0","lang":"java","extractor":{"name":"x","version":"1"},"root":"${root}","dict":{"kinds":["p"],"traits":["TWithValue"],"edges":[],"provenance":[]}}\n`;
    const eof = '{"t":"eof","counts":{"files":0,"entities":1,"edges":0}}\n';
    const entity = (value: string) => `{"t":"e","i":0,"k":0,"tr":[0],"m":0,"s":"a","value":${value}}\n`;
    // Where the long string stands (true: read for its type only, so the buffer stays bounded), in the line's order of checks.
    const places: [boolean, (b: string) => string][] = [
      [true, (b) => header('') + entity(`{"k":"string","value":"${b}"}`) + eof],
      [true, (b) => header('') + entity(`{"value":"${b}","k":"string"}`) + eof],
      [true, (b) => header('') + entity(`{"k":"number","value":"${b}"}`) + eof], // a type fault after it
      [true, (b) => header('') + entity(`"${b}"`) + eof], // a Literal that is a string
      [true, (b) => header('') + entity(`{"k":"annotation","type":0,"arguments":[{"name":"a","value":{"k":"string","value":"${b}"}}]}`) + eof],
      [true, (b) => header('') + entity(`{"k":"annotation","type":0,"arguments":[{"name":"a","value":"${b}"}]}`) + eof],
      [true, (b) => header(b) + entity('{"k":"null"}') + eof],
      // Read for its emptiness: cut, keeping its first character.
      [true, (b) => header('').replace('"lang":"java"', `"lang":"${b}"`) + entity('{"k":"null"}') + eof],
      [true, (b) => header('').replace('"name":"x"', `"name":"${b}"`) + entity('{"k":"null"}') + eof],
      [true, (b) => header('').replace('"version":"1"', `"version":"${b}"`) + entity('{"k":"null"}') + eof],
      [true, (b) => header('') + entity(`{"k":"enum","type":0,"name":"${b}"}`) + eof],
      [true, (b) => header('') + entity(`{"k":"annotation","type":0,"arguments":[{"name":"${b}","value":{"k":"null"}}]}`) + eof],
      [false, (b) => header('') + entity(`{"k":"${b}"}`) + eof],
      [false, (b) => header('') + entity(`{"k":"string","value":"v","${b}":1}`) + eof], // a member name after a value
    ];
    // Every place, long enough to be cut several times, in both profiles.
    for (const [typeOnly, place] of places) {
      for (const profile of ['core', 'strict'] as const) {
        const bytes = Buffer.from(place('ab\\n😀'.repeat(400)));
        const pipe = recordingPipe(bytes, 100);
        expect(readModelChunks(pipe.read, profile, { chunkBytes: 256 })).toStrictEqual(readModelBytes(bytes, profile));
        if (typeOnly) expect(pipe.offered).toBeLessThanOrEqual(8 * 256);
      }
    }
    // A body whose closing quote comes just after a cut (every length over a few buffer fills): the
    // string left must not read as empty (R-C2 refuses an empty lang).
    for (let length = 1000; length < 1300; length++) {
      const bytes = Buffer.from(places[7]![1]('a'.repeat(length)));
      const pipe = recordingPipe(bytes, 256);
      expect(readModelChunks(pipe.read, 'strict', { chunkBytes: 256 })).toStrictEqual(readModelBytes(bytes, 'strict'));
    }
    const piece = fc.constantFrom('ab', '\\n', 'é', '😀', '\\ud83d\\ude00', '\\u0041', ' ');
    const tail = fc.constantFrom('', '', '\\ud800', '\u0001', '\\x', '"', '"x');
    assertProperty(
      fc.property(
        fc.integer({ min: 0, max: places.length - 1 }),
        fc.array(piece, { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 100, max: 900 }),
        tail,
        anyProfile,
        chunkSizes,
        readSizes,
        (n, pieces, repeat, end, profile, chunk, maxRead) => {
          const [typeOnly, place] = places[n]!;
          const bytes = Buffer.from(place(pieces.join('').repeat(repeat) + end));
          const pipe = recordingPipe(bytes, maxRead);
          expect(readModelChunks(pipe.read, profile, { chunkBytes: chunk })).toStrictEqual(readModelBytes(bytes, profile));
          if (typeOnly) expect(pipe.offered).toBeLessThanOrEqual(8 * chunk);
        },
      ),
      { seed: 67, numRuns: 100 },
    );
  });

  it('keeps the first characters of a huge Literal k and a digest of a huge member name: the whole-input verdict and error, and a bounded buffer', () => {
    const header = (traits: string) => `{"t":"header","schemaVersion":"1.0.0","lang":"java","extractor":{"name":"x","version":"1"},"root":"","dict":{"kinds":["p"],"traits":[${traits}],"edges":["access"],"provenance":["declared"]}}\n`;
    const eof = (entities: number, edges: number, files = 0) => `{"t":"eof","counts":{"files":${files},"entities":${entities},"edges":${edges}}}\n`;
    const entity = (rest: string) => `{"t":"e","i":0,"k":0,"tr":[0],"m":0,"s":"a"${rest}}\n`;
    const value = (literal: string) => header('"TWithValue"') + entity(`,"value":${literal}`) + eof(1, 0);
    const edge = (rest: string) => header('"TNamed"') + '{"t":"f","i":0,"path":"a"}\n' + entity(',"name":"n"') + entity(',"name":"n"').replace('"i":0', '"i":1').replace('"s":"a"', '"s":"b"') + `{"t":"x","k":0,"f":0,"o":1,"p":0,"anchor":[0,1,1]${rest}}\n` + eof(2, 1, 1);
    const named = (rest: string) => header('"TNamed"') + entity(`,"name":"n"${rest}`) + eof(1, 0);
    // Where the long string stands: a Literal's k (nested, in an edge's arguments), a Literal's type, and
    // member names (unknown where that passes or is refused, repeated, repeated through an escape, two
    // that differ only at their end, one before a fault inside its value, a metric's name).
    const places: ((b: string) => string)[] = [
      (b) => value(`{"k":"${b}"}`),
      (b) => value(`{"k":"array","items":[{"k":"null"},{"k":"${b}"}]}`),
      (b) => edge(`,"arguments":[{"name":"a","value":{"k":"${b}"}}]`),
      (b) => value(`{"k":"class","type":"${b}"}`),
      (b) => named(`,"${b}":1`),
      (b) => edge(`,"${b}":1`),
      (b) => named(`,"${b}":1,"${b}":2`),
      (b) => named(`,"extra":{"${b}q":1,"${b}\\u0071":2}`),
      (b) => named(`,"extra":{"${b}q":1,"${b}r":2},"${b}q":[3]`),
      (b) => named(`,"extra":[{"${b}":[1,x]}]`),
      (b) => value(`{"k":"null","${b}":1}`),
      (b) => header('"TMetrics"') + entity(`,"metrics":{"a":1,"${b}":-1}`) + eof(1, 0),
      (b) => header('"TNamed"').replace('"version":"1"', `"version":"1","${b}":{}`) + eof(0, 0),
    ];
    const piece = fc.constantFrom('ab', '\\n', 'é', '😀', '\\ud83d\\ude00', '\\u0041', ' ', '\\"', '\\udc01');
    const tail = fc.constantFrom('', '', '', '\\ud800', '\u0001', '\\x');
    assertProperty(
      fc.property(
        fc.integer({ min: 0, max: places.length - 1 }),
        fc.array(piece, { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 150, max: 900 }),
        tail,
        anyProfile,
        chunkSizes,
        readSizes,
        (n, pieces, repeat, end, profile, chunk, maxRead) => {
          const bytes = Buffer.from(places[n]!(pieces.join('').repeat(repeat) + end));
          const pipe = recordingPipe(bytes, maxRead);
          expect(readModelChunks(pipe.read, profile, { chunkBytes: chunk })).toStrictEqual(readModelBytes(bytes, profile));
          // Each long string keeps its first characters, up to 12 bytes each (an escaped pair), and the
          // buffer grows by doubling: the bound follows the kept characters, never the strings' length.
          const longStrings = places[n]!('\u0000').split('\u0000').length - 1;
          expect(pipe.offered).toBeLessThanOrEqual(2 * (4 * chunk + longStrings * NAME_KEPT_CHARACTERS * 12));
        },
      ),
      {
        seed: 71,
        numRuns: 60,
        // Found by a fresh seed: the last cut of a long name reached its closing quote (the gap at `close`).
        // And two long names of escaped pairs (12 bytes a character) held the buffer past 8 chunks.
        examples: [
          [9, ['é', '\\n', '😀', '\\n', '\\udc01'], 464, '', 'core', 301, 7],
          [6, ['\\ud83d\\ude00'], 150, '', 'core', 256, 7],
        ],
      },
    );
    // The verdicts the places stand for (a fault in the body aside).
    const verdict = (n: number, profile: 'core' | 'strict') => {
      const r = readModelBytes(Buffer.from(places[n]!('ab'.repeat(5000))), profile);
      return r.ok ? 'accepted' : r.error.code;
    };
    expect(places.map((_, n) => verdict(n, 'strict'))).toStrictEqual([
      'LITERAL_KIND_UNKNOWN', 'LITERAL_KIND_UNKNOWN', 'LITERAL_KIND_UNKNOWN', 'RECORD_MEMBER_TYPE', 'accepted', 'RECORD_MEMBER_UNKNOWN',
      'JSON_DUPLICATE_MEMBER', 'JSON_DUPLICATE_MEMBER', 'accepted', 'JSON_SYNTAX', 'RECORD_MEMBER_UNKNOWN', 'RECORD_MEMBER_TYPE', 'accepted',
    ]);
    expect(places.map((_, n) => verdict(n, 'core'))).toStrictEqual([
      'accepted', 'accepted', 'accepted', 'RECORD_MEMBER_TYPE', 'accepted', 'accepted',
      'accepted', 'accepted', 'accepted', 'JSON_SYNTAX', 'accepted', 'RECORD_MEMBER_TYPE', 'accepted',
    ]);
  });

  it('quotes a long Literal k and a long member name in part, saying so', () => {
    const header = '{"t":"header","schemaVersion":"1.0.0","lang":"java","extractor":{"name":"x","version":"1"},"root":"","dict":{"kinds":["p"],"traits":["TWithValue"],"edges":[],"provenance":[]}}\n';
    const read = (rest: string) => {
      const r = readModelBytes(Buffer.from(`${header}{"t":"e","i":0,"k":0,"tr":[0],"m":0,"s":"a","value":${rest}}\n{"t":"eof","counts":{"files":0,"entities":1,"edges":0}}\n`), 'strict');
      return r.ok ? 'accepted' : [r.error.code, r.error.message, r.error.location.pointer];
    };
    const long = 'k'.repeat(64);
    expect(read(`{"k":"${long}"}`)).toStrictEqual(['LITERAL_KIND_UNKNOWN', `unknown Literal kind "${long}"`, '/value/k']);
    expect(read(`{"k":"${long}x"}`)).toStrictEqual(['LITERAL_KIND_UNKNOWN', `unknown Literal kind "${long}"… (its first 64 UTF-16 code units)`, '/value/k']);
    expect(read(`{"k":"null","${long}":1}`)).toStrictEqual(['RECORD_MEMBER_UNKNOWN', `unknown member "${long}"`, `/value/${long}`]);
    const rep = representLongName(`${long}x`);
    // Its first 21 units, a middle dot, the 43 base64url digits of the SHA-256: 65 units, one more than a name held as itself.
    expect(rep).toMatch(new RegExp(`^${long.slice(0, 21)}\u00b7[\\w-]{43}$`));
    expect(read(`{"k":"null","${long}x":1}`)).toStrictEqual(['RECORD_MEMBER_UNKNOWN', `unknown member "${rep}"`, `/value/${rep}`]);
  });

  it('drops a huge run of whitespace between tokens but its first byte: the whole-input verdict and error, and a bounded buffer', () => {
    const header = '{"t":"header","schemaVersion":"1.0.0","lang":"java","extractor":{"name":"x","version":"1"},"root":"","dict":{"kinds":["p"],"traits":["TNamed"],"edges":[],"provenance":[]}}\n';
    const eof = '{"t":"eof","counts":{"files":0,"entities":1,"edges":0}}\n';
    // Every place between tokens (§), in read members and unread ones, at the line's start and end; one holds the run.
    const line = '§{§"t"§:§"e",§"i":0§,"k":0,"tr":[§0§],"m":0,"s":"a","extra":[1,§{"a":§2}],"name"§:"n"§}§';
    const spots = line.split('§').length - 1;
    const run = fc.array(fc.constantFrom(' ', '\t', '\r'), { minLength: 1, maxLength: 3 }).chain((unit) => fc.integer({ min: 300, max: 3000 }).map((n) => unit.join('').repeat(n)));
    // A fault right after the run, or none.
    const after = fc.constantFrom('', '', 'x', ',', '}', '"', '\u0001');
    assertProperty(
      fc.property(
        fc.integer({ min: 0, max: spots - 1 }),
        run,
        after,
        anyProfile,
        chunkSizes,
        readSizes,
        (spot, space, extra, profile, chunk, maxRead) => {
          let n = 0;
          const text = header + line.replace(/§/g, () => (n++ === spot ? space + extra : '')) + '\n' + eof;
          const bytes = Buffer.from(text);
          const pipe = recordingPipe(bytes, maxRead);
          expect(readModelChunks(pipe.read, profile, { chunkBytes: chunk })).toStrictEqual(readModelBytes(bytes, profile));
          expect(pipe.offered).toBeLessThanOrEqual(8 * chunk);
        },
      ),
      { seed: 53, numRuns: 60 },
    );
  });

  it('drops the digits of a huge number nobody reads but the first of their run: the whole-input verdict and error, and a bounded buffer', () => {
    const header = '{"t":"header","schemaVersion":"1.0.0","lang":"java","extractor":{"name":"x","version":"1"},"root":"","dict":{"kinds":["p"],"traits":["TNamed"],"edges":[],"provenance":[]}}\n';
    const eof = '{"t":"eof","counts":{"files":0,"entities":1,"edges":0}}\n';
    // Long digit runs in the integer part, the fraction and the exponent, a bad lexeme (leading zero, no
    // digit), and what follows: the rest of the record, or a fault.
    const digits = fc.integer({ min: 300, max: 4000 }).map((n) => '7'.repeat(n));
    const lexeme = fc.tuple(fc.constantFrom('', '-'), fc.constantFrom('1', '0', '9'), digits, fc.constantFrom('', '.5', '.', 'e+'), fc.option(digits), fc.constantFrom('', 'e', 'E-1', '0'))
      .map(([sign, first, int, dot, frac, exp]) => sign + first + int + dot + (frac ?? '') + exp);
    const after = fc.constantFrom(',"name":"n"}', ',"name":"n"}', '}', ' ,"name":"n"}', 'x', '.', '"');
    const place = fc.constantFrom(
      (n: string, a: string) => `{"t":"e","i":0,"k":0,"tr":[0],"m":0,"s":"a","extra":${n}${a}`,
      (n: string, a: string) => `{"t":"e","i":0,"k":0,"tr":[0],"m":0,"s":"a","name":"n","extra":[1,{"x":${n}${a.replace('}', '}]}')}`,
    );
    assertProperty(
      fc.property(
        lexeme,
        after,
        place,
        anyProfile,
        chunkSizes,
        readSizes,
        (n, a, at, profile, chunk, maxRead) => {
          const bytes = Buffer.from(header + at(n, a) + '\n' + eof);
          const pipe = recordingPipe(bytes, maxRead);
          expect(readModelChunks(pipe.read, profile, { chunkBytes: chunk })).toStrictEqual(readModelBytes(bytes, profile));
          expect(pipe.offered).toBeLessThanOrEqual(8 * chunk);
        },
      ),
      { seed: 59, numRuns: 60 },
    );
  });

  describe('a string the checks compare, past COMPARED_STRING_MAX_BYTES (JSON-LIMIT-1)', () => {
    const MAX = COMPARED_STRING_MAX_BYTES;
    const header = (kinds = '"p"') => `{"t":"header","schemaVersion":"1.0.0","lang":"java","extractor":{"name":"x","version":"1"},"root":"","dict":{"kinds":[${kinds}],"traits":[],"edges":[],"provenance":[]}}\n`;
    const eof = (files: number, entities: number) => `{"t":"eof","counts":{"files":${files},"entities":${entities},"edges":0}}\n`;
    // The body in each place a check compares or quotes a string: a symbol, a path, a dictionary entry, a disambiguator, a type tag.
    const places: ((body: string) => string)[] = [
      (b) => header() + `{"t":"e","i":0,"k":0,"tr":[],"m":0,"s":"${b}"}\n` + eof(0, 1),
      (b) => header() + `{"t":"f","i":0,"path":"${b}"}\n` + eof(1, 0),
      (b) => header(`"a","${b}"`) + eof(0, 0),
      (b) => header() + `{"t":"e","i":0,"k":0,"tr":[],"m":0,"s":"m"}\n{"t":"e","i":1,"k":0,"tr":[],"m":0,"s":"n","d":"${b}"}\n` + eof(0, 2),
      (b) => header() + `{"t":"${b}"}\n` + eof(0, 0),
      // A member name inside dict (unknown, so refused in strict after the scan; read past in core).
      (b) => header().replace('"dict":{', `"dict":{"${b}":0,`) + eof(0, 0),
    ];
    /** A body of `bytes` bytes as written, of plain text, escapes, multi-byte characters and escaped pairs, then `tail`. */
    const bodyOf = (bytes: number, pieces: string[], tail = '') => {
      const unit = pieces.join('');
      const text = unit.repeat(Math.floor((bytes - 16) / Buffer.byteLength(unit)));
      return text + 'x'.repeat(bytes - Buffer.byteLength(text)) + tail;
    };
    const readBoth = (text: string, profile: 'core' | 'strict', chunk: number, maxRead: number) => {
      const bytes = Buffer.from(text);
      const pipe = recordingPipe(bytes, maxRead);
      return { chunked: readModelChunks(pipe.read, profile, { chunkBytes: chunk }), whole: readModelBytes(bytes, profile), pipe, bytes };
    };

    it('accepts a body of exactly the limit and refuses one byte more at that byte, in memory and in chunks', () => {
      for (const place of places.slice(0, 4)) {
        const ok = readBoth(place(bodyOf(MAX, ['ab', '\\n', 'é'])), 'strict', 1 << 16, 1 << 16);
        expect(ok.whole.ok, ok.whole.ok ? '' : ok.whole.error.message).toBe(true);
        expect(ok.chunked).toStrictEqual(ok.whole);
        const over = readBoth(place(bodyOf(MAX + 1, ['ab', '\\n', 'é'])), 'strict', 1 << 16, 1 << 16);
        expect(over.chunked).toStrictEqual(over.whole);
        const body = over.bytes.indexOf(Buffer.from('x'.repeat(8))) - (MAX - 16 - 8);
        expect(over.whole.ok ? 'accepted' : [over.whole.error.code, over.whole.error.requirement, over.whole.error.profile]).toStrictEqual(['LIMIT_EXCEEDED', 'JSON-LIMIT-1', 'core']);
        expect(over.whole.ok ? 0 : over.whole.error.location.byteOffset).toBeGreaterThan(body);
      }
    });

    it('gives the whole-input verdict for any body around the limit, fault and chunking (and never holds a longer body)', () => {
      const piece = fc.constantFrom('a', 'é', '😀', '\\n', '\\u0041', '\\ud83d\\ude00', '\\ud800', '\\', '\u0001', '"', '\r', '\xff');
      assertProperty(
        fc.property(
          fc.constantFrom(...places),
          // Around the limit, or far past it (longer than a buffer that already holds the limit's end).
          fc.oneof(fc.integer({ min: -12, max: 12 }), fc.integer({ min: 600_000, max: 1_100_000 })),
          fc.array(fc.constantFrom('ab', '\\n', 'é', '\\u00e9', '😀', '\\ud83d\\ude00'), { minLength: 1, maxLength: 4 }),
          fc.array(piece, { maxLength: 3 }),
          anyProfile,
          fc.constantFrom(1 << 16, 100_003),
          fc.integer({ min: 4096, max: 1 << 17 }),
          (place, around, pieces, tail, profile, chunk, maxRead) => {
            const run = readBoth(place(bodyOf(MAX + around, pieces, tail.join(''))), profile, chunk, maxRead);
            expect(run.chunked).toStrictEqual(run.whole);
          },
        ),
        { seed: 47, numRuns: 5 },
      );
    });

    it('limits a plain member name inside dict as it limits an escaped one, whatever a buffer held of it', () => {
      for (const profile of ['strict', 'core'] as const) {
        for (const chunk of [1 << 16, 100_003]) {
          const run = readBoth(places[5]!(bodyOf(MAX + 700_000, ['ab'])), profile, chunk, chunk);
          expect(run.chunked).toStrictEqual(run.whole);
          expect(run.whole.ok ? 'accepted' : run.whole.error.code).toBe('LIMIT_EXCEEDED');
        }
      }
    });

    it('reads a 6 MiB symbol on without keeping it: refused at the limit, the buffer bounded', () => {
      const run = readBoth(places[0]!(bodyOf(6 * MAX, ['abc'])), 'strict', 1 << 16, 1 << 16);
      expect(run.chunked).toStrictEqual(run.whole);
      expect(run.whole.ok ? 'accepted' : run.whole.error.code).toBe('LIMIT_EXCEEDED');
      expect(run.pipe.offered).toBeLessThanOrEqual(4 * MAX);
      // Read on to the line's end (a CR or a UTF-8 fault there would come first, R-C1).
      expect(run.pipe.at).toBeGreaterThanOrEqual(run.bytes.length - eof(0, 1).length);
    });
  });

  it('lets the observer go past observeUpToBytes: the same verdict, later records unobserved, and long lines bounded again', () => {
    const header = '{"t":"header","schemaVersion":"1.0.0","lang":"java","extractor":{"name":"x","version":"1"},"root":"","dict":{"kinds":["p"],"traits":["TComment","TNamed"],"edges":[],"provenance":[]}}\n';
    const body = 'ab\\n\\"é😀\\ud83d\\ude00xy'.repeat(6000);
    const entity = (i: number, comment: string, after = ',"name":"n"') => `{"t":"e","i":${i},"k":0,"tr":[0,1],"m":0,"s":"a","comment":"${comment}"${after}}\n`;
    const eof = (n: number) => `{"t":"eof","counts":{"files":0,"entities":${n},"edges":0}}\n`;
    const cases = [header + entity(0, 'c') + entity(1, body) + eof(2), header + entity(0, 'c') + entity(1, body, ',"name":5') + eof(2)];
    for (const text of cases) {
      const bytes = Buffer.from(text);
      for (const profile of ['strict', 'core'] as const) {
        const pipe = recordingPipe(bytes, 1000);
        const observed: number[] = [];
        const streamed = readModelChunks(pipe.read, profile, { chunkBytes: 1024, observer: () => void observed.push(pipe.at), observeUpToBytes: 1000 });
        expect(streamed).toStrictEqual(readModelBytes(bytes, profile));
        // Only records read within the first 1000 bytes (the header and the small entity) were observed.
        expect(observed.every((a) => a <= 1000)).toBe(true);
        // The ~180 KB comment of the second entity was dropped as the validator drops it: the buffer stayed small.
        expect(pipe.offered).toBeLessThanOrEqual(4 * 1024);
      }
    }
  });

  it('keeps back exactly the bytes of a UTF-8 sequence the cut could still complete', () => {
    const tail = (bytes: number[]) => incompleteUtf8Tail(Uint8Array.from(bytes), 0, bytes.length);
    expect(tail([0x61])).toBe(0);
    expect(tail([0x61, 0xc3])).toBe(1);
    expect(tail([0xe2, 0x82])).toBe(2);
    expect(tail([0xe2, 0x82, 0xac])).toBe(0);
    expect(tail([0xf0, 0x9f, 0x98])).toBe(3);
    expect(tail([0xe0, 0x80])).toBe(0); // overlong already: judged now, not kept back
    expect(tail([0xed, 0xa0])).toBe(0); // a surrogate already
    expect(tail([0xc0])).toBe(0);
    expect(tail([0x80, 0x80])).toBe(0);
  });

});

describe('codegraph.read over a stream past its observation bound', () => {
  const header = '{"t":"header","schemaVersion":"1.0.0","lang":"java","extractor":{"name":"x","version":"1"},"root":"","dict":{"kinds":["p"],"traits":["TComment","TNamed"],"edges":[],"provenance":[]}}\n';
  const model = (name: string) =>
    Buffer.from(`${header}{"t":"e","i":0,"k":0,"tr":[0,1],"m":0,"s":"a","comment":"${'c'.repeat(READ_OBSERVATION_MAX_BYTES + 1000)}","name":${name}}\n{"t":"eof","counts":{"files":0,"entities":1,"edges":0}}\n`);
  const stream = (bytes: Buffer) => {
    let at = 0;
    return ops['codegraph.read']!.stream!((buf, offset, length) => {
      const take = Math.min(length, bytes.length - at);
      buf.set(bytes.subarray(at, at + take), offset);
      at += take;
      return take;
    });
  };

  it('answers a valid model skipped, and an invalid one with the in-memory refusal', async () => {
    expect(stream(model('"n"'))).toMatchObject({ skipped: expect.stringContaining(`bound for an observation (${READ_OBSERVATION_MAX_BYTES} bytes`) });
    const bad = model('5');
    expect(stream(bad)).toStrictEqual(await ops['codegraph.read']!(bad));
  });
});
