import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../shared/json/value.ts';
import { IDS } from '../constants.ts';
import { irFromJsonText } from '../ir/ir-from-json-text.ts';
import type { Ir } from '../ir/types.ts';
import { assertProperty } from '../../../test-support/assert-property.ts';
import { getCodec } from './registry.ts';
import { isArrayIndexName, orderAsJavaScript } from './javascript-key-order.ts';

const toon = getCodec('toon', '4.1.1')!;

function ir(text: string): Ir {
  const r = irFromJsonText(text);
  if (!r.ok) throw new Error(r.error.code);
  return r.value;
}
function why(text: string): string {
  const r = toon.supports(ir(text), { delimiter: ',' });
  return r.ok ? 'applicable' : r.error.code;
}

describe('toon applicability (MORPH-TOON-1, MORPH-TOON-2)', () => {
  it('refuses the lexemes a JavaScript number changes', () => {
    for (const t of ['-0', '1.2300', '1e3', '1E+3', '1.0', '9007199254740993', '9007199254740992', '1E400', '1e+21', '[1,{"a":0.10}]']) {
      expect([t, why(t)]).toEqual([t, 'TOON_NUMBER_INAPPLICABLE']);
    }
  });

  it('accepts lexemes a JavaScript number prints back unchanged', () => {
    for (const t of ['0', '-1', '1.5', '9007199254740991', '-9007199254740991', '1e-7', '0.1', '[1,{"a":2.5}]']) expect([t, why(t)]).toEqual([t, 'applicable']);
  });

  it('supports and encode agree on every delimiter, and inapplicable IRs are not changed', () => {
    for (const text of ['{"a":1.2300}', '{"__proto__":{"a":1},"b":2}', '[{"a":1},{"a":2}]', '"x"']) {
      const value = ir(text);
      for (const delimiter of [',', '\t', '|']) {
        const s = toon.supports(value, { delimiter });
        const e = toon.encode(value, { delimiter });
        expect([text, delimiter, e.ok ? 'ok' : e.error.code]).toEqual([text, delimiter, s.ok ? 'ok' : s.error.code]);
      }
      expect(irFromJsonText(text)).toEqual({ ok: true, value });
    }
  });

  it('refuses options outside R-M11b', () => {
    for (const options of [{ delimiter: ';' }, {}, { delimiter: ',', indentSize: 2 } as never]) {
      const r = toon.supports(ir('1'), options);
      expect(r.ok ? 'ok' : r.error.code).toBe('INVALID_CODEC_OPTIONS');
    }
    const compact = getCodec('json-compact', '1')!.supports(ir('1'), { delimiter: ',' });
    expect(compact.ok ? 'ok' : compact.error.code).toBe('INVALID_CODEC_OPTIONS');
  });
});

/** The order the engine itself lists names added in `names` order (what the official package sees). */
function engineOrder(names: readonly string[]): string[] {
  const o: Record<string, number> = {};
  for (const n of names) Object.defineProperty(o, n, { value: 0, enumerable: true, configurable: true, writable: true });
  return Object.keys(o);
}

describe('toon member order (R-M17)', () => {
  const BOUNDARY_NAMES = ['0', '1', '9', '10', '4294967294', '4294967295', '4294967296', '9007199254740991', '99999999999', '01', '00', '-0', '-1', '+1', '1.0', '1e3', ' 1', '1 ', '０', '١', '', '__proto__'];

  it('names an array index exactly when the engine lists it first', () => {
    for (const name of BOUNDARY_NAMES) expect([name, isArrayIndexName(name)]).toEqual([name, engineOrder(['z', name])[0] === name]);
  });

  it('property: orderAsJavaScript is the engine\'s own key order', () => {
    const name = fc.oneof(fc.constantFrom(...BOUNDARY_NAMES), fc.nat({ max: 5000 }).map(String), fc.string({ maxLength: 4 }));
    assertProperty(
      fc.property(fc.uniqueArray(name, { maxLength: 12 }), (names) => {
        expect(orderAsJavaScript(names)).toEqual(engineOrder(names));
      }),
      { seed: 1717, numRuns: 300 },
    );
  });

  it('refuses an object the engine would reorder, naming the rule and the object', () => {
    const r = toon.supports(ir('{"a":[{"b":1,"7":2}]}'), { delimiter: ',' });
    expect(r.ok ? 'ok' : { code: r.error.code, requirement: r.error.requirement, profile: r.error.profile, location: r.error.location }).toEqual({ code: 'CODEC_INAPPLICABLE', requirement: 'R-M17', profile: 'strict', location: { pointer: '/a/0' } });
    expect(why('{"0":1,"2":2,"10":3,"b":4,"a":5}')).toBe('applicable');
  });
});

describe('toon decode numbers (R-M18)', () => {
  function layout(delimiter: string): JsonObject {
    const e = toon.encode(ir('1'), { delimiter });
    if (!e.ok) throw new Error(e.error.code);
    return e.value.layoutMetadata;
  }

  it('refuses on decode every decoded number encode refuses, with the same code', () => {
    for (const [payload, pointer] of [['9007199254740992', ''], ['[2]: 1,-9007199254740992', '/1'], ['a: 1e+21', '/a'], ['a: 9007199254740993', '/a']] as const) {
      const r = toon.decode(payload, layout(','), { inputKind: 'json-text' });
      expect([payload, r.ok ? 'ok' : { code: r.error.code, requirement: r.error.requirement, location: r.error.location }]).toEqual([payload, { code: 'TOON_NUMBER_INAPPLICABLE', requirement: 'R-M18', location: { pointer } }]);
    }
    for (const payload of ['9007199254740991', '-9007199254740991', '5e-324', '1.5']) {
      const r = toon.decode(payload, layout(','), { inputKind: 'json-text' });
      expect([payload, r.ok ? 'ok' : r.error.code]).toEqual([payload, 'ok']);
    }
  });
});

describe('the official TOON package pin', () => {
  it('is exactly 4.1.1 in package.json and in node_modules', () => {
    const root = join(import.meta.dirname, '../../..');
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(pkg.dependencies['@toon-format/toon']).toBe(IDS.TOON_PACKAGE_VERSION);
    // The package's exports map hides package.json; its directory is found from the resolved entry point.
    const entry = createRequire(join(root, 'package.json')).resolve('@toon-format/toon');
    const installed = JSON.parse(readFileSync(join(entry, '../../package.json'), 'utf8')) as { name: string; version: string };
    expect(installed.name).toBe('@toon-format/toon');
    expect(installed.version).toBe(IDS.TOON_PACKAGE_VERSION);
  });
});
