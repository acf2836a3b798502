import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CODEC_MUTATORS } from '../../../generators/morph/codec-mutators.ts';
import { loadErrorCodes, loadRequirements } from '../../shared/registry.ts';
import { JsonNumber } from '../../shared/json/value.ts';
import { MORPH_CODES, RULES } from '../constants.ts';
import { CANDIDATE_PLANS, CODEC_IDS, getCodec, lookupCodec, parseCodecOptions } from './registry.ts';

const registered = new Set([...loadErrorCodes('morph'), ...loadErrorCodes('shared')].map((c) => c.code));
const requirementIds = new Set([...loadRequirements('morph'), ...loadRequirements('shared')].map((r) => r.id));

describe('codec registry (R-M1)', () => {
  it('registers the six codecs in R-M15 candidate order', () => {
    expect(CODEC_IDS).toEqual(['json-compact@1', 'json-lines@1', 'rows-delimited@1', 'columns-json@1', 'path-value@1', 'toon@4.1.1']);
    expect(CANDIDATE_PLANS.map((p) => `${p.encoding}${p.options.delimiter === undefined ? '' : ` ${p.options.delimiter}`}`)).toEqual([
      'json-compact', 'json-lines', 'rows-delimited \t', 'rows-delimited ,', 'rows-delimited |', 'rows-delimited ;', 'columns-json', 'path-value', 'toon ,', 'toon \t', 'toon |',
    ]);
  });

  it('fails closed on anything but an exact encoding and version', () => {
    for (const [e, v] of [['json-compact', '2'], ['json-compact', '1.0'], ['toon', '4.1.0'], ['toon', '4'], ['JSON-COMPACT', '1'], ['yaml', '1'], ['__proto__', '1']]) {
      expect(getCodec(e!, v!)).toBeUndefined();
      const r = lookupCodec(e!, v!);
      expect(r.ok ? 'ok' : r.error.code).toBe('UNSUPPORTED_ENCODING');
    }
  });

  it('reads plan options from JSON (R-M11b)', () => {
    const rows = getCodec('rows-delimited', '1')!;
    const opt = (entries: Array<[string, unknown]>) => parseCodecOptions(rows, new Map(entries) as never);
    expect(opt([['delimiter', '|']])).toEqual({ ok: true, value: { delimiter: '|' } });
    for (const bad of [[], [['delimiter', 'tab']], [['delimiter', '|'], ['indentSize', new JsonNumber('2')]], [['delimiter', new JsonNumber('1')]]] as Array<Array<[string, unknown]>>) {
      const r = opt(bad);
      expect(r.ok ? 'ok' : r.error.code).toBe('INVALID_CODEC_OPTIONS');
    }
    const compact = parseCodecOptions(getCodec('json-compact', '1')!, new Map([['delimiter', ',']]));
    expect(compact.ok ? 'ok' : compact.error.code).toBe('INVALID_CODEC_OPTIONS');
    const notObject = parseCodecOptions(getCodec('json-compact', '1')!, []);
    expect(notObject.ok ? 'ok' : notObject.error.code).toBe('INVALID_CODEC_OPTIONS');
  });
});

describe('error-code and requirement registries', () => {
  it('every code in MORPH_CODES is registered (spec/morph or spec/shared)', () => {
    expect(Object.values(MORPH_CODES).filter((c) => !registered.has(c))).toEqual([]);
  });
  it('every requirement id this part cites is registered', () => {
    expect(Object.values(RULES).filter((r) => !requirementIds.has(r))).toEqual([]);
  });
  it('every mutator names a registered code and requirement', () => {
    for (const m of CODEC_MUTATORS) {
      expect([m.name, registered.has(m.code), requirementIds.has(m.requirement)]).toEqual([m.name, true, true]);
    }
  });
  it('every code string returned in src/morph/{ir,codecs,digest} comes from the constants', () => {
    // A literal code in a formatError call would bypass the registry: the sources must use MORPH_CODES/JSON_CODES.
    const dir = join(import.meta.dirname, '..');
    for (const sub of ['ir', 'codecs', 'digest']) {
      for (const f of readdirSync(join(dir, sub)).filter((n) => n.endsWith('.ts') && !n.endsWith('.test.ts'))) {
        const src = readFileSync(join(dir, sub, f), 'utf8');
        expect([f, /formatError\(\s*'/.test(src)]).toEqual([f, false]);
      }
    }
  });
});
