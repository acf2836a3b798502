import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IDS } from '../constants.ts';
import { irFromJsonText } from '../ir/ir-from-json-text.ts';
import type { Ir } from '../ir/types.ts';
import { getCodec } from './registry.ts';

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
