import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeEntry, makeGroup } from '../../generators/journal/journal-builders.ts';
import { renderJson } from '../../generators/journal/journal-builders.ts';
import { CODES } from './constants.ts';
import { readJournalBytes } from './read-journal.ts';
import { appendGroupToBytes, appendGroupToFile, encodeGroupFrame } from './write-journal.ts';

const V3 = '{"schema":3,"generation":4,"origin":0}\n';
const V2 = '{"origin":0, "schema":2,"generation":4}\n';
const standalone = (p: number) => renderJson(makeEntry(p)) + '\n';

describe('canonical writer', () => {
  it('writes the member order and spacing of R-J8', () => {
    const line = encodeGroupFrame(makeGroup(1, 1));
    expect(line).toBe(
      '{"group":1,"first":1,"frontier":2,"entries":[' +
        '{"position":1,"kind":"Transaction","id":"ledger.deposit","version":1,"metadata":{"principal":null,"correlation":1,"causation":null,"request":null,"link":null,"at_us":0},"payload":{"amount":40}},' +
        '{"position":2,"kind":"Record","id":"ledger.noted","version":1,"metadata":{"principal":null,"correlation":1,"causation":1,"request":null,"link":null,"at_us":0},"payload":"noted"}]}',
    );
  });
});

describe('append (in memory)', () => {
  it('removes a torn tail before appending and keeps every stored byte', () => {
    const base = V3 + encodeGroupFrame(makeGroup(1, 2)) + '\n';
    const r = appendGroupToBytes(Buffer.from(base + '{"group":1,"fi'), makeGroup(4, 1));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const text = Buffer.from(r.value).toString('utf8');
    expect(text.startsWith(base)).toBe(true);
    expect(text).toBe(base + encodeGroupFrame(makeGroup(4, 1)) + '\n');
  });

  it('migrates v2 on the first append: v3 header, entry lines byte for byte, missing final LF added', () => {
    const lines = standalone(1) + renderJson(makeEntry(2, { principal: 'bob' })).replace(/,/g, ' ,');
    const r = appendGroupToBytes(Buffer.from(V2 + lines), makeGroup(3, 0));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(Buffer.from(r.value).toString('utf8')).toBe('{"schema":3,"generation":4,"origin":0}\n' + lines + '\n' + encodeGroupFrame(makeGroup(3, 0)) + '\n');
    const again = readJournalBytes(r.value);
    expect(again.ok && again.value.header.schema).toBe(3);
  });

  it('refuses groups that break a rule, naming the rule', () => {
    const base = Buffer.from(V3 + encodeGroupFrame(makeGroup(1, 0)) + '\n');
    const code = (group: ReturnType<typeof makeGroup>) => {
      const r = appendGroupToBytes(base, group);
      return r.ok ? 'accept' : r.error.code;
    };
    expect(code(makeGroup(2, 256))).toBe('accept');
    expect(code(makeGroup(2, 257))).toBe(CODES.GROUP_TOO_LARGE);
    expect(code([])).toBe(CODES.EMPTY_GROUP);
    expect(code(makeGroup(3, 0))).toBe(CODES.APPEND_NOT_CONTINUOUS);
    expect(code(makeGroup(1, 0))).toBe(CODES.APPEND_NOT_CONTINUOUS);
    expect(code(makeGroup(2, 0, { principal: 'é'.repeat(512) + 'x' }))).toBe(CODES.FIELD_TOO_LONG);
    expect(code(makeGroup(2, 0, { request: 'x'.repeat(1024) }))).toBe('accept');
    expect(code(makeGroup(2, 0, { request: 'x'.repeat(1025) }))).toBe(CODES.FIELD_TOO_LONG);
    expect(code(makeGroup(2, 0, { payload: 'x'.repeat(4 * 1024 * 1024 - 2) }))).toBe('accept');
    expect(code(makeGroup(2, 0, { payload: 'x'.repeat(4 * 1024 * 1024 - 1) }))).toBe(CODES.PAYLOAD_BUDGET_EXCEEDED);
    expect(code(makeGroup(2, [{ id: 'harmos:work/billing/issued', payload: 'typed' }]))).toBe(CODES.RESERVED_PAYLOAD);
    expect(code(makeGroup(2, 0, { id: 'harmos:work/billing/issued', payload: [] }))).toBe(CODES.RESERVED_KIND);
    expect(code(makeGroup(2, [{ principal: 'other' }]))).toBe(CODES.RECORD_METADATA_MISMATCH);
  });

  it('writes a lone surrogate core reads as its escape, so the value and its budget survive the write (R-J8, R-J6)', () => {
    const base = Buffer.from(V3);
    const r = appendGroupToBytes(base, makeGroup(1, 0, { payload: new Map([['\udc00', 'a\ud800b']]) }), 'core');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const written = Buffer.from(r.value);
    // U+FFFD's UTF-8 bytes are what a lone code unit becomes when encoded as is.
    expect(written.includes(Buffer.of(0xef, 0xbf, 0xbd))).toBe(false);
    expect(written.toString('utf8')).toContain('"payload":{"\\udc00":"a\\ud800b"}');
    const again = readJournalBytes(written, { profile: 'core' });
    expect(again.ok).toBe(true);
    expect(readJournalBytes(written, { profile: 'strict' }).ok).toBe(false);
    // The budget counts the six-byte escape: 4 MiB less the quotes and one escape is the most a string holds.
    const code = (payload: string) => {
      const a = appendGroupToBytes(base, makeGroup(1, 0, { payload }), 'core');
      return a.ok ? 'accept' : a.error.code;
    };
    expect(code('x'.repeat(4 * 1024 * 1024 - 8) + '\ud800')).toBe('accept');
    expect(code('x'.repeat(4 * 1024 * 1024 - 7) + '\ud800')).toBe(CODES.PAYLOAD_BUDGET_EXCEEDED);
  });

  it('refuses an invalid journal with the reader code', () => {
    const r = appendGroupToBytes(Buffer.from(V2 + standalone(2)), makeGroup(3, 0));
    expect(r.ok ? 'accept' : r.error.code).toBe(CODES.POSITION_GAP);
  });
});

describe('append (file)', () => {
  let dir = '';
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'formcert-journal-append-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('migrates a v2 file beside itself, renames it, then appends', async () => {
    const path = join(dir, 'j.jsonl');
    const lines = standalone(1) + standalone(2);
    writeFileSync(path, V2 + lines);
    const r = await appendGroupToFile(path, makeGroup(3, 1));
    expect(r.ok && r.value.migrated).toBe(true);
    expect(readFileSync(path, 'utf8')).toBe('{"schema":3,"generation":4,"origin":0}\n' + lines + encodeGroupFrame(makeGroup(3, 1)) + '\n');
    expect(readdirSync(dir)).toEqual(['j.jsonl']);
    const second = await appendGroupToFile(path, makeGroup(5, 0));
    expect(second.ok && !second.value.migrated).toBe(true);
  });

  it('truncates a torn tail, and writes nothing when the group or the file is refused', async () => {
    const path = join(dir, 'j.jsonl');
    const base = V3 + encodeGroupFrame(makeGroup(1, 0)) + '\n';
    writeFileSync(path, base + '{"gro');
    const refused = await appendGroupToFile(path, makeGroup(2, 257));
    expect(refused.ok ? 'accept' : refused.error.code).toBe(CODES.GROUP_TOO_LARGE);
    expect(readFileSync(path, 'utf8')).toBe(base + '{"gro');
    const r = await appendGroupToFile(path, makeGroup(2, 0));
    expect(r.ok && r.value.removedTailBytes).toBe(5);
    expect(readFileSync(path, 'utf8')).toBe(base + encodeGroupFrame(makeGroup(2, 0)) + '\n');
    writeFileSync(path, V2 + standalone(1) + '{"position":2,"kind":"Transaction"');
    const broken = await appendGroupToFile(path, makeGroup(2, 0));
    expect(broken.ok ? 'accept' : broken.error.code).toBe(CODES.UNTERMINATED_V2_LINE);
    expect(readFileSync(path, 'utf8').startsWith(V2)).toBe(true);
  });
});
