/**
 * The toon vectors for R-M17, R-M18 and the MORPH-TOON-1 bounds catch real faults: each fault below
 * replaces one function of the reference oracle with a plausible wrong version (a rule forgotten, a
 * bound off by one, a wrong notion of array index, string order instead of numeric order, a walk
 * that stops at the root), the morph ops are loaded afresh around it, and the golden cases are run
 * through them. Every fault must be caught — at the verdict, as `certify` scores it — by exactly the
 * vectors listed for it, and the clean oracle must pass them all. An order vector that only changes
 * the refusal code (`certify --codes`) is listed apart.
 *
 * Equivalent at the verdict (so not listed): a name check that misses a reordering — walking only
 * the root, or comparing integer-like names as strings — because the round trip's order comparison
 * refuses the same inputs with the same code; the name check is the rule an implementation without
 * the official package can apply.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OpHandler, OpName } from '../../src/shared/ops.ts';
import type { CaseSpec } from '../../src/shared/vectors.ts';
import { applicabilityCases, codecRecipeBundles } from './golden-cases.ts';

const ENC = (name: string) => `enc-apply-${name}`;
const DEC = (name: string) => `ctx-recipe-toon-${name}`;

/** The vectors under test: every toon case of R-M17, R-M18 and the MORPH-TOON-1 bounds. */
const NAMES = {
  r17Refused: ['toon-integer-name-after-other', 'toon-zero-name-after-other', 'toon-integer-names-descending', 'toon-largest-index-name', 'toon-nested-integer-name', 'toon-tabular-integer-field', 'toon-tabular-rows-other-order'].map(ENC),
  r17Kept: ['toon-name-past-last-index', 'toon-leading-zero-name', 'toon-negative-name', 'toon-fraction-name', 'toon-integer-names-first-ascending', 'toon-tabular-rows-same-order'].map(ENC),
  encodeBounds: ['toon-2-53', 'toon-2-53-minus-1', 'toon-minus-2-53', 'toon-minus-2-53-plus-1', 'toon-1e21'].map(ENC),
  r18: ['unsafe-2-53', 'safe-2-53-minus-1', 'unsafe-minus-2-53', 'safe-minus-2-53-plus-1', 'unsafe-1e21', 'unsafe-in-table-row', 'unsafe-before-canonical-form', 'tiny-exponent', 'negative-zero-respelled', 'integer-name-after-other'].map(DEC),
};
const ALL = Object.values(NAMES).flat();
const CASES: CaseSpec[] = [...applicabilityCases(), ...codecRecipeBundles()].filter((c) => ALL.includes(c.name));

type Module = Record<string, unknown>;
type Result = { ok: true; value: unknown } | { ok: false; error: Record<string, unknown> };
interface Fault {
  readonly name: string;
  /** The oracle module whose export is replaced, relative to this file. */
  readonly module: string;
  readonly replace: (actual: Module) => Module;
  /** The vectors whose verdict the fault changes. */
  readonly caughtBy: readonly string[];
  /** Vectors still refused, but with another code (caught under `certify --codes` only). */
  readonly codeOnly?: readonly string[];
}

const CODECS = '../../src/morph/codecs';
const CANONICAL_DECIMAL = /^(?:0|[1-9][0-9]*)$/;
const refused = (code: string, requirement: string): Result => ({ ok: false, error: { kind: 'format-error', code, requirement, profile: 'strict', location: {}, message: 'fault' } });

/** Number lexemes of an IR, found by shape: the freshly loaded modules have their own JsonNumber class. */
function lexemes(v: unknown, out: string[] = []): string[] {
  if (Array.isArray(v)) for (const x of v) lexemes(x, out);
  else if (v instanceof Map) for (const x of v.values()) lexemes(x, out);
  else if (typeof v === 'object' && v !== null && 'lexeme' in v) out.push(String(v.lexeme));
  return out;
}

/** orderAsJavaScript with another idea of which names are array indices, or of their order. */
function keyOrder(isIndex: (name: string) => boolean, compare: (a: string, b: string) => number = (a, b) => Number(a) - Number(b)): (actual: Module) => Module {
  return () => ({ orderAsJavaScript: (names: string[]) => [...names.filter(isIndex).sort(compare), ...names.filter((n) => !isIndex(n))] });
}

/** A number check that also refuses every lexeme `extra` matches, before the real check. */
function alsoRefuse(exportName: string, requirement: string, extra: (lexeme: string) => boolean): (actual: Module) => Module {
  return (actual) => ({
    [exportName]: (ir: unknown) => (lexemes(ir).some(extra) ? refused('TOON_NUMBER_INAPPLICABLE', requirement) : (actual[exportName] as (ir: unknown) => Result)(ir)),
  });
}

const UNSAFE = (x: string) => Math.abs(Number(x)) > Number.MAX_SAFE_INTEGER && Number.isInteger(Number(x));

const FAULTS: Fault[] = [
  {
    name: 'R-M17 forgotten: neither the names nor the round trip order are checked',
    module: `${CODECS}/toon-member-order.ts`,
    replace: () => ({ checkToonMemberOrder: () => ({ ok: true, value: undefined }), findMemberOrderChange: () => undefined }),
    caughtBy: NAMES.r17Refused,
  },
  {
    name: 'R-M17 round trip compared by digest only (tabular rows reordered)',
    module: `${CODECS}/toon-member-order.ts`,
    replace: () => ({ findMemberOrderChange: () => undefined }),
    caughtBy: [ENC('toon-tabular-rows-other-order')],
  },
  {
    name: 'R-M17 every table counted as a reordering (over-strict)',
    module: `${CODECS}/toon-member-order.ts`,
    replace: (actual) => ({
      findMemberOrderChange: (a: unknown, b: unknown) => (Array.isArray(a) && a.filter((x) => x instanceof Map).length > 1 ? '' : (actual.findMemberOrderChange as (a: unknown, b: unknown) => string | undefined)(a, b)),
    }),
    caughtBy: [ENC('toon-tabular-rows-same-order')],
  },
  { name: 'R-M17 array indices without the 2^32 - 2 bound', module: `${CODECS}/javascript-key-order.ts`, replace: keyOrder((n) => CANONICAL_DECIMAL.test(n)), caughtBy: [ENC('toon-name-past-last-index')] },
  { name: 'R-M17 any digit run is an array index (leading zeros)', module: `${CODECS}/javascript-key-order.ts`, replace: keyOrder((n) => /^[0-9]+$/.test(n) && Number(n) <= 4_294_967_294), caughtBy: [ENC('toon-leading-zero-name')] },
  {
    name: 'R-M17 any name with an integer value is an array index',
    module: `${CODECS}/javascript-key-order.ts`,
    replace: keyOrder((n) => n.trim() !== '' && Number.isInteger(Number(n)) && Number(n) <= 4_294_967_294),
    caughtBy: [ENC('toon-leading-zero-name'), ENC('toon-negative-name'), ENC('toon-fraction-name')],
  },
  { name: 'R-M17 integer-like names compared as strings', module: `${CODECS}/javascript-key-order.ts`, replace: keyOrder((n) => CANONICAL_DECIMAL.test(n) && Number(n) <= 4_294_967_294, (a, b) => (a < b ? -1 : 1)), caughtBy: [ENC('toon-integer-names-first-ascending')] },
  {
    name: 'R-M18 forgotten: decode accepts what encode refuses',
    module: `${CODECS}/toon-numbers.ts`,
    replace: () => ({ checkDecodedToonNumbers: () => ({ ok: true, value: undefined }) }),
    caughtBy: ['unsafe-2-53', 'unsafe-minus-2-53', 'unsafe-1e21', 'unsafe-in-table-row'].map(DEC),
    codeOnly: [DEC('unsafe-before-canonical-form')],
  },
  { name: 'R-M18 safe range off by one (2^53 - 1 refused)', module: `${CODECS}/toon-numbers.ts`, replace: alsoRefuse('checkDecodedToonNumbers', 'R-M18', (x) => Math.abs(Number(x)) >= Number.MAX_SAFE_INTEGER), caughtBy: [DEC('safe-2-53-minus-1'), DEC('safe-minus-2-53-plus-1')] },
  { name: 'R-M18 exponent spellings refused on decode', module: `${CODECS}/toon-numbers.ts`, replace: alsoRefuse('checkDecodedToonNumbers', 'R-M18', (x) => /e/i.test(x)), caughtBy: [DEC('tiny-exponent')] },
  {
    name: 'R-M18 checked on the root value only',
    module: `${CODECS}/toon-numbers.ts`,
    replace: (actual) => ({ checkDecodedToonNumbers: (ir: unknown) => (ir instanceof Map || Array.isArray(ir) ? { ok: true, value: undefined } : (actual.checkDecodedToonNumbers as (ir: unknown) => Result)(ir)) }),
    caughtBy: ['unsafe-2-53', 'unsafe-minus-2-53', 'unsafe-1e21', 'unsafe-in-table-row'].map(DEC),
    codeOnly: [DEC('unsafe-before-canonical-form')],
  },
  {
    name: 'MORPH-TOON-1 without the safe-integer range on encode',
    module: `${CODECS}/toon-numbers.ts`,
    replace: (actual) => ({ checkToonNumbers: (ir: unknown) => (lexemes(ir).some(UNSAFE) ? { ok: true, value: undefined } : (actual.checkToonNumbers as (ir: unknown) => Result)(ir)) }),
    caughtBy: [ENC('toon-2-53'), ENC('toon-minus-2-53'), ENC('toon-1e21')],
  },
  { name: 'MORPH-TOON-1 safe range off by one on encode', module: `${CODECS}/toon-numbers.ts`, replace: alsoRefuse('checkToonNumbers', 'MORPH-TOON-1', (x) => Math.abs(Number(x)) >= Number.MAX_SAFE_INTEGER), caughtBy: [ENC('toon-2-53-minus-1'), ENC('toon-minus-2-53-plus-1')] },
  {
    name: 'MORPH-TOON-3 skipped: a respelled payload is read as its value',
    module: '@toon-format/toon',
    replace: (actual) => {
      // Re-encoding a value the decoder just produced gives back the payload it came from, so the
      // canonical comparison never fails; every other encode is the package's own.
      const source = new WeakMap<object, string>();
      const decode = actual.decode as (payload: string, options: unknown) => unknown;
      const encode = actual.encode as (value: unknown, options: unknown) => string;
      const encodeLines = actual.encodeLines as (value: unknown, options: unknown) => Iterable<string>;
      return {
        decode: (payload: string, options: unknown) => {
          const v = decode(payload, options);
          if (typeof v === 'object' && v !== null) source.set(v, payload);
          return v;
        },
        encode: (value: unknown, options: unknown) => (typeof value === 'object' && value !== null && source.has(value) ? source.get(value)! : encode(value, options)),
        // The codec compares the re-encoding line by line (encode is these lines joined by LF).
        encodeLines: (value: unknown, options: unknown) =>
          typeof value === 'object' && value !== null && source.has(value) ? source.get(value)!.split('\n') : encodeLines(value, options),
      };
    },
    caughtBy: [DEC('negative-zero-respelled'), DEC('integer-name-after-other')],
  },
];

/** Which of the cases a fresh oracle (with `fault` in place, if any) fails, by verdict and by code. */
async function runCases(fault?: Fault): Promise<{ verdict: string[]; code: string[] }> {
  vi.resetModules();
  if (fault) vi.doMock(fault.module, async (importOriginal) => ({ ...(await importOriginal<Module>()), ...fault.replace(await importOriginal<Module>()) }));
  const { ops } = (await import('../../src/morph/ops.ts')) as { ops: Partial<Record<OpName, OpHandler>> };
  const verdict: string[] = [];
  const code: string[] = [];
  for (const c of CASES) {
    const outcome = await ops[c.op]!(new TextEncoder().encode(c.input as string));
    if (!('accept' in outcome)) throw new Error(`${c.name}: skipped`);
    const accepted = outcome.accept;
    if ((c.expect.verdict === 'accept') !== accepted) verdict.push(c.name);
    else if (!outcome.accept && c.expect.verdict === 'reject' && outcome.error.code !== c.expect.code) code.push(c.name);
  }
  return { verdict: verdict.sort(), code: code.sort() };
}

describe('the toon vectors catch faults in the oracle', () => {
  afterEach(() => {
    for (const f of FAULTS) vi.doUnmock(f.module);
    vi.resetModules();
  });

  it('cover every listed vector, and the clean oracle passes them all', async () => {
    expect(CASES.map((c) => c.name).sort()).toEqual([...ALL].sort());
    expect(await runCases()).toEqual({ verdict: [], code: [] });
  });

  it('every vector is listed as catching at least one fault', () => {
    const catching = new Set(FAULTS.flatMap((f) => [...f.caughtBy, ...(f.codeOnly ?? [])]));
    expect(ALL.filter((n) => !catching.has(n))).toEqual([]);
  });

  for (const fault of FAULTS) {
    it(fault.name, async () => {
      expect(await runCases(fault)).toEqual({ verdict: [...fault.caughtBy].sort(), code: [...(fault.codeOnly ?? [])].sort() });
    });
  }
});
