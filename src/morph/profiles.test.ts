/**
 * The core profile for MORPH (issue 16, MORPH-CTX-9): a read under `core` enforces the format
 * document's rules only, so it accepts every golden case whose one fault is a strict rule, never cites a
 * strict rule, and judges every core case exactly as `strict` does. The golden cases come from their
 * generators (as golden check builds them) and run once, in process.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goldenCases } from '../../generators/morph/golden-cases.ts';
import { jsonEqual } from '../shared/json/equal.ts';
import type { JsonValue } from '../shared/json/value.ts';
import type { OpName, OpOptions, OpOutcome } from '../shared/ops.ts';
import type { CaseSpec } from '../shared/vectors.ts';
import { assertProperty } from '../../test-support/assert-property.ts';
import { parseJson } from '../shared/json/parse-value.ts';
import { writeJson } from '../shared/json/write-value.ts';
import { buildArtifact } from './artifact/build-artifact.ts';
import { checkArtifactShape } from './artifact/check-artifact-shape.ts';
import { sealArtifact } from './artifact/seal-artifact.ts';
import { encodeBundle } from './bundle/encode-bundle.ts';
import { getGuide } from './guides/index.ts';
import { irFromJsonText } from './ir/ir-from-json-text.ts';
import { ops } from './ops.ts';
import { validateArtifactFile } from './validate-file.ts';

/** The MORPH ops that honour `--profile core` (the others still judge every input as strict does). */
const CORE_OPS: readonly OpName[] = ['morph.c14n', 'morph.decode', 'morph.import', 'morph.encode'];

/**
 * The only golden cases core refuses citing a strict rule: morph.encode requests without the members the
 * op needs (the other such refusal, a request over the 64 MiB bound, has no golden case). The request is this suite's own format (MORPH-ENC-1, MORPH-ENC-2, both strict), so no core rule
 * covers it, and there is nothing to encode without them.
 */
/**
 * Refusals core gives citing R-S4, the resolution that writes JCS down: the format document names RFC
 * 8785 for the artifact digests, and RFC 8785 has no form for a number past the double range, so there
 * is no core reading to cite instead.
 */
const CORE_CITES_JCS: Record<string, string> = {
  'art-schema-number-past-double-range': 'a schema holding 1e400 has no JCS text, so R-M9\'s dependencies digest cannot be computed',
  // Edit cases kept as data (generators/morph/edit-cases.json), the same fault elsewhere in an artifact.
  'morph-review-import-model-dependencies-schema-1e400': 'a dependencies schema holding 1e400 has no JCS text, so R-M9\'s dependencies digest cannot be computed',
  'morph-review-import-layout-metadata-member-1e400': 'a layout metadata member holding 1e400 has no JCS text, so the artifact\'s digests cannot be computed',
};

const CORE_CITES_STRICT: Record<string, string> = {
  'enc-request-array': 'a request that is no object names no input and no plan',
  'enc-request-input-missing': 'without input there is no value to encode',
  'enc-request-input-not-string': 'input is JSON text held in a string; another value is no text to read',
  'enc-request-guide-string': 'a guide is null or {id, version, text}: a bare string gives no id or version for the metadata',
  'enc-request-guide-missing-text': 'a guide without text has nothing to write into the GUIDE section',
  'enc-plan-encoding-number': 'plan.encoding names the codec; a number names none',
  'enc-plan-format-version-number': 'plan.formatVersion names the codec version; a number names none',
  'enc-guide-id-number': 'a guide whose id is no string gives no id for the metadata',
  'enc-guide-version-null': 'a guide whose version is no string gives no version for the metadata',
  'enc-guide-text-array': 'a guide whose text is no string has nothing to write into the GUIDE section',
};

/**
 * Strict cases that hold a fault core enforces too, so core refuses them: the name, the code core
 * gives, and why.
 */
const CORE_STILL_REFUSES: Record<string, { code: string; why: string }> = {
  'c14n-lone-surrogate-first-item': { code: 'JSON_LONE_SURROGATE', why: 'a string with a lone surrogate has no UTF-8 form, so no morph-c14n/1 tagged form: core refuses it too (MORPH-C14N-1), strict first by R-S1' },
  'c14n-lone-surrogate-nested-array': { code: 'JSON_LONE_SURROGATE', why: 'a string with a lone surrogate has no UTF-8 form, so no morph-c14n/1 tagged form: core refuses it too (MORPH-C14N-1), strict first by R-S1' },
  'c14n-lone-surrogate-first-member-value': { code: 'JSON_LONE_SURROGATE', why: 'a string with a lone surrogate has no UTF-8 form, so no morph-c14n/1 tagged form: core refuses it too (MORPH-C14N-1), strict first by R-S1' },
  'c14n-lone-surrogate-member-name': { code: 'JSON_LONE_SURROGATE', why: 'a string with a lone surrogate has no UTF-8 form, so no morph-c14n/1 tagged form: core refuses it too (MORPH-C14N-1), strict first by R-S1' },
  'c14n-lone-surrogate-first-member-name': { code: 'JSON_LONE_SURROGATE', why: 'a string with a lone surrogate has no UTF-8 form, so no morph-c14n/1 tagged form: core refuses it too (MORPH-C14N-1), strict first by R-S1' },
  'c14n-lone-surrogate-deep-member': { code: 'JSON_LONE_SURROGATE', why: 'a string with a lone surrogate has no UTF-8 form, so no morph-c14n/1 tagged form: core refuses it too (MORPH-C14N-1), strict first by R-S1' },
  'art-payload-lone-surrogate-any-profile': { code: 'JSON_LONE_SURROGATE', why: 'a string with a lone surrogate has no UTF-8 form, so no morph-c14n/1 tagged form: core refuses it too (MORPH-C14N-1), strict first by R-S1' },
  // R-S1's first fault is a strict rule: core reads past it to the grammar fault after it.
  'c14n-lone-surrogate-then-syntax-fault': { code: 'JSON_SYNTAX', why: 'past the lone surrogate core tolerates while reading, the string is never closed (JSON-SYNTAX-1)' },
  'c14n-duplicate-member-then-syntax-fault': { code: 'JSON_SYNTAX', why: 'past the repeated name core tolerates, the text ends before its value (JSON-SYNTAX-1)' },
  'ctx-guide-end-before-begin': { code: 'BUNDLE_LAYOUT', why: 'markers that delimit no section of their own are no frame even for core (MORPH-CTX-3)' },
  'ctx-metadata-inside-guide': { code: 'BUNDLE_LAYOUT', why: 'a section inside another is no frame even for core (MORPH-CTX-3)' },
  'art-task-instruction-missing-any-profile': { code: 'ARTIFACT_MISSING_MEMBER', why: 'the instruction is the prompt\'s TASK section: core requires it too (MORPH-PROMPT-1)' },
  'art-task-instruction-number-any-profile': { code: 'ARTIFACT_INVALID_MEMBER', why: 'the instruction is the prompt\'s TASK section: core requires a string too (MORPH-PROMPT-1)' },
  'art-schema-number-past-double-range': { code: 'JCS_NUMBER_RANGE', why: 'RFC 8785 itself gives a number past the double range no form, so the dependencies digest R-M9 asks for cannot be computed under either profile: core refuses it too' },
  'morph-review-import-model-dependencies-schema-1e400': { code: 'JCS_NUMBER_RANGE', why: 'RFC 8785 gives 1e400 no form, so the dependencies digest (R-M9) cannot be computed under either profile' },
  'morph-review-import-layout-metadata-member-1e400': { code: 'JCS_NUMBER_RANGE', why: "RFC 8785 gives 1e400 no form, so the artifact's digests cannot be computed under either profile" },
  'c14n-lone-surrogate': { code: 'JSON_LONE_SURROGATE', why: 'a string holding a lone surrogate has no UTF-8 form, so no morph-c14n/1 tagged form (MORPH-C14N-1, core)' },
  'ctx-recipe-rows-delimited-row-count-zero': { code: 'LAYOUT_INVALID_VALUE', why: 'only a non-empty array of records is applicable, so no layout declares zero rows (MORPH-RD-1, core)' },
  'ctx-mut-codec-rows-row-count-zero-rows-delimited-tab': { code: 'LAYOUT_INVALID_VALUE', why: 'only a non-empty array of records is applicable, so no layout declares zero rows (MORPH-RD-1, core)' },
  'ctx-mut-codec-rows-row-count-zero-columns-json': { code: 'LAYOUT_INVALID_VALUE', why: 'columns-json is applicable as rows-delimited is: no layout declares zero rows (MORPH-RD-1, core)' },
  'ctx-recipe-toon-carriage-return': { code: 'TOON_NOT_CANONICAL', why: 'the package never writes a CR, so re-encoding does not give the payload back (MORPH-TOON-3, core)' },
  'ctx-mut-codec-payload-cr-strict-toon-comma': { code: 'TOON_NOT_CANONICAL', why: 'the package never writes a CR, so re-encoding does not give the payload back (MORPH-TOON-3, core)' },
  'ctx-recipe-toon-unsafe-before-canonical-form': { code: 'TOON_NOT_CANONICAL', why: 'the unsafe integer is also spelt otherwise than the package writes what it reads (MORPH-TOON-3, core)' },
  'ctx-mut-metadata-number-out-of-range-json-compact': { code: 'LAYOUT_UNKNOWN_MEMBER', why: 'the out-of-range number sits in an unknown layout member "big" (MORPH-LAYOUT-1, core)' },
  'art-mut-codec-rows-row-count-zero-rows-delimited-tab': { code: 'LAYOUT_INVALID_VALUE', why: 'only a non-empty array of records is applicable, so no layout declares zero rows (MORPH-RD-1, core)' },
  'art-mut-missing-task-instruction-json-compact': { code: 'ARTIFACT_MISSING_MEMBER', why: "the task's instruction is the prompt's TASK section (MORPH-PROMPT-1, core)" },
  'art-mut-mistyped-task-instruction-json-compact': { code: 'ARTIFACT_INVALID_MEMBER', why: "the task's instruction is the prompt's TASK section, a string (MORPH-PROMPT-1, core)" },
  'art-mut-plan-format-version-differs-json-compact': { code: 'UNSUPPORTED_ENCODING', why: "the plan's codec json-compact@2 is not registered (MORPH-ART-6, core)" },
  'art-mut-plan-format-version-differs-toon-tab': { code: 'UNSUPPORTED_ENCODING', why: "the plan's codec toon@2 is not registered (MORPH-ART-6, core)" },
  ...Object.fromEntries(
    ['json-compact', 'toon-tab', 'unsealed-json-compact', 'unsealed-toon-tab'].map((k) => [
      `art-mut-section-encoding-differs-${k}`,
      { code: 'UNSUPPORTED_ENCODING', why: "the section's codec decodes the payload, and it is not registered (R-M1, core)" },
    ]),
  ),
  ...Object.fromEntries(
    [
      'enc-apply-toon-integer-name-after-other',
      'enc-apply-toon-integer-names-descending',
      'enc-apply-toon-largest-index-name',
      'enc-apply-toon-nested-integer-name',
      'enc-apply-toon-tabular-integer-field',
      'enc-apply-toon-tabular-rows-other-order',
      'enc-apply-toon-tabular-rows-other-order-first-member',
      'enc-apply-toon-tabular-rows-other-order-in-first-item',
      'enc-apply-toon-tabular-rows-first-field-kept',
      'enc-apply-toon-zero-name-after-other',
    ].map((name) => [name, { code: 'CODEC_INAPPLICABLE', why: 'toon would list the members in another order, and no codec reorders a value (MORPH-APPLY-1, core)' }]),
  ),
  'ctx-recipe-path-value-spaced-record-with-container-value': { code: 'INVALID_RECORD', why: 'the record\'s value is a container where a string belongs, a wrong-typed item (MORPH-PV-2, core); strict finds the spacing first' },
  'ctx-recipe-path-value-spaced-record-with-65-deep-value': { code: 'INVALID_RECORD', why: 'the record\'s value is a container where a string belongs, a wrong-typed item (MORPH-PV-2, core); strict finds the spacing first' },
  'enc-input-lone-surrogate': { code: 'JSON_LONE_SURROGATE', why: 'a string holding a lone surrogate has no UTF-8 form, so no morph-c14n/1 tagged form (MORPH-C14N-1, core)' },
  'enc-rows-delimiter-colon': { code: 'INVALID_CODEC_OPTIONS', why: "':' is none of the four delimiters a rows-delimited layout names (MORPH-RD-2, core)" },
  'enc-rows-delimiter-missing': { code: 'INVALID_CODEC_OPTIONS', why: 'a rows-delimited layout names its delimiter, and the plan gives none (MORPH-RD-2, core)' },
  'enc-options-checked-before-input': { code: 'JSON_SYNTAX', why: 'core passes over the delimiter json-compact does not use, then the input text is not JSON (JSON-SYNTAX-1, core); the case pins that strict checks options first' },
  ...Object.fromEntries(Object.entries(CORE_CITES_STRICT).map(([name, why]) => [name, { code: 'ENCODE_REQUEST_INVALID', why }])),
  // Mutations of members the digests bind, left unsealed: the recomputed digest differs (MORPH-ART-8, core).
  ...Object.fromEntries(
    [
      'art-mut-dependencies-guide-id-differs-unsealed-json-compact',
      'art-mut-dependencies-guide-id-differs-unsealed-toon-tab',
      'art-mut-missing-target-model-json-compact',
      'art-mut-missing-target-tokenizer-json-compact',
      'art-mut-missing-task-id-json-compact',
      'art-mut-mistyped-target-model-json-compact',
      'art-mut-mistyped-target-tokenizer-json-compact',
      'art-mut-mistyped-task-id-json-compact',
      'art-mut-plan-options-unknown-unsealed-json-compact',
      'art-mut-plan-options-unknown-unsealed-toon-tab',
      'art-mut-section-guide-id-differs-unsealed-json-compact',
      'art-mut-section-guide-id-differs-unsealed-toon-tab',
      'art-mut-target-model-empty-json-compact',
      'art-mut-target-model-empty-toon-tab',
      'art-mut-target-tokenizer-empty-json-compact',
      'art-mut-target-tokenizer-empty-toon-tab',
      'art-mut-task-id-pattern-unsealed-json-compact',
      'art-mut-task-id-pattern-unsealed-toon-tab',
      'art-mut-task-instruction-empty-json-compact',
      'art-mut-task-instruction-empty-toon-tab',
      'art-mut-unknown-member-target-json-compact',
      'art-mut-unknown-member-task-json-compact',
    ].map((name) => [name, { code: 'INTEGRITY_MISMATCH', why: 'the mutated member is bound by the artifact digests and was not sealed again (MORPH-ART-8, core)' }]),
  ),
};

// The golden cases as their generators declare them (a morph reader may not import the runner's vector loader).
let cases: CaseSpec[] = [];
// Generating them builds the inputs at the size limits (16–28 MB): seconds on a loaded machine.
beforeAll(() => {
  cases = goldenCases();
}, 60_000);

const inputOf = (input: Uint8Array | string) => (typeof input === 'string' ? Buffer.from(input, 'utf8') : input);
const run = async (c: CaseSpec, options: OpOptions): Promise<OpOutcome> => ops[c.op]!(inputOf(c.input), options);
const verdict = (o: OpOutcome) => ('skipped' in o ? 'skipped' : o.accept ? 'accept' : `reject ${o.error.code}`);

describe('MORPH profiles', () => {
  it('core accepts every golden case whose only fault is a strict rule', async () => {
    const strictRejects = cases.filter((c) => CORE_OPS.includes(c.op) && c.profile === 'strict' && c.expect.verdict === 'reject');
    expect(strictRejects.length).toBeGreaterThan(50);
    const wrong: string[] = [];
    for (const c of strictRejects) {
      const o = await run(c, { profile: 'core' });
      const expected = CORE_STILL_REFUSES[c.name] ? `reject ${CORE_STILL_REFUSES[c.name]!.code}` : 'accept';
      if (verdict(o) !== expected) wrong.push(`${c.name}: core ${verdict(o)}${'error' in o ? ` ${o.error.requirement} ${o.error.message}` : ''}, expected ${expected}`);
    }
    expect(wrong).toEqual([]);
    // Every listed exception is a real strict case.
    for (const name of Object.keys(CORE_STILL_REFUSES)) expect(strictRejects.some((c) => c.name === name), name).toBe(true);
  });

  it('never cites a strict rule under core (but for the listed encode requests and JCS refusals), and judges every core case as strict does', async () => {
    const core = cases.filter((c) => CORE_OPS.includes(c.op));
    expect(core.filter((c) => c.profile === 'core').length).toBeGreaterThan(300);
    const wrong: string[] = [];
    // Inputs past 64 KiB (the size-limit and near-limit cases) are left to golden check: they would make this slow.
    for (const c of core.filter((x) => inputOf(x.input).length < 1 << 16)) {
      const o = await run(c, { profile: 'core' });
      if (!('skipped' in o) && !o.accept && o.error.profile !== 'core' && !Object.hasOwn(CORE_CITES_STRICT, c.name) && !Object.hasOwn(CORE_CITES_JCS, c.name)) wrong.push(`${c.name}: core cites ${o.error.code} ${o.error.requirement} (${o.error.profile})`);
      if (c.profile !== 'core') continue;
      const strict = await run(c, { profile: 'strict' });
      if (verdict(o) !== verdict(strict)) wrong.push(`${c.name}: core ${verdict(o)}, strict ${verdict(strict)}`);
      else if ('accept' in o && o.accept && 'accept' in strict && strict.accept && !jsonEqual(o.observation, strict.observation)) wrong.push(`${c.name}: observations differ`);
    }
    expect(wrong).toEqual([]);
  });
});

/** A bundle of `json` (JSON text) written by the suite's encoder with `encoding` and its options. */
function bundleOf(json: string, encoding: string, options: { delimiter?: string } = {}): string {
  const ir = irFromJsonText(json);
  const guide = getGuide(encoding);
  if (!ir.ok || guide === undefined) throw new Error(`bad fixture ${json}`);
  const b = encodeBundle({ ir: ir.value, inputKind: 'json-text', plan: { encoding, formatVersion: encoding === 'toon' ? '4.1.1' : '1', options }, guide });
  if (!b.ok) throw new Error(b.error.code);
  return b.value.text;
}

/** The decoded value under `profile`, as compact JSON, or the refusal's code and rule. */
async function decodeAs(profile: 'core' | 'strict', text: string): Promise<string> {
  const o = await ops['morph.decode']!(Buffer.from(text, 'utf8'), { profile });
  if ('skipped' in o) return 'skipped';
  if (!o.accept) return `reject ${o.error.code} ${o.error.requirement}`;
  return JSON.stringify(toPlain((o.observation as Map<string, JsonValue>).get('value')!));
}

/** A JSON value as plain data (lexemes as strings), member order kept, for exact comparisons. */
function toPlain(v: JsonValue): unknown {
  if (v instanceof Map) return [...v].map(([k, x]) => [k, toPlain(x)]);
  if (Array.isArray(v)) return v.map(toPlain);
  return typeof v === 'object' && v !== null ? `#${v.lexeme}` : v;
}

describe('MORPH core readings', () => {
  const value = '{"b":[1.50,"x\\ny"],"a":{"k":null}}';
  const plain = bundleOf(value, 'json-compact');
  const expected = JSON.stringify([['b', ['#1.50', 'x\ny']], ['a', [['k', null]]]]);

  it('a bundle with CR LF line ends, extra text between sections and a final line end decodes as the LF bundle', async () => {
    expect(await decodeAs('core', plain)).toBe(expected);
    expect(await decodeAs('core', plain.replaceAll('\n', '\r\n') + '\r\n')).toBe(expected);
    expect(await decodeAs('strict', plain.replaceAll('\n', '\r\n'))).toBe('reject BUNDLE_LAYOUT R-M6');
    // Every CR LF of such a text is read as LF, inside sections too: the payload's rows come back.
    const rows = bundleOf('[{"a":1},{"a":2}]', 'rows-delimited', { delimiter: ',' });
    expect(await decodeAs('core', rows.replaceAll('\n', '\r\n'))).toBe(JSON.stringify([[['a', '#1']], [['a', '#2']]]));
    const boundary = plain.slice(16, 40);
    const spaced = plain.replace(`\n<<<MORPH:${boundary}:BEGIN:METADATA>>>`, `\nnotes\n\n<<<MORPH:${boundary}:BEGIN:METADATA>>>`) + '\n';
    expect(await decodeAs('core', spaced)).toBe(expected);
    expect(await decodeAs('strict', spaced)).toBe('reject BUNDLE_LAYOUT R-M6');
    // Sections in another order are found by their markers.
    const sections = plain.split(/(?=<<<MORPH:[0-9a-f]{24}:BEGIN:)/);
    const swapped = [sections[0], sections[2], sections[1], sections[4]!.replace(/<<<MORPH:[0-9a-f]{24}:END>>>$/, ''), sections[3], `<<<MORPH:${boundary}:END>>>`].join('');
    expect(await decodeAs('core', swapped)).toBe(expected);
    // Sections that overlap delimit nothing: refused in core too, citing MORPH-CTX-3.
    const overlapping = plain.replace(`<<<MORPH:${boundary}:END:GUIDE>>>\n`, '').replace(`<<<MORPH:${boundary}:BEGIN:METADATA>>>`, `<<<MORPH:${boundary}:END:GUIDE>>>\n<<<MORPH:${boundary}:BEGIN:METADATA>>>`).replace(`<<<MORPH:${boundary}:BEGIN:METADATA>>>\n{`, `<<<MORPH:${boundary}:BEGIN:METADATA>>>\n<<<MORPH:${boundary}:END:GUIDE>>>{`);
    expect(await decodeAs('core', overlapping)).toMatch(/^reject (BUNDLE_LAYOUT MORPH-CTX-3|BUNDLE_MARKER_DUPLICATE MORPH-CTX-3)$/);
  });

  it('metadata and schema in any JSON spelling, a payload with whitespace or a repeated member', async () => {
    const pretty = plain.replace(/\n(\{"encoding".*\})\n/, (_m, json: string) => `\n${JSON.stringify(JSON.parse(json), null, 2)}\n`);
    expect(pretty).not.toBe(plain);
    expect(await decodeAs('core', pretty)).toBe(expected);
    expect(await decodeAs('strict', pretty)).toBe('reject BUNDLE_METADATA_NOT_CANONICAL R-M6a');
    const spacedSchema = plain.replace(/BEGIN:SCHEMA>>>\nnull\n/, 'BEGIN:SCHEMA>>>\n null \n');
    expect(await decodeAs('core', spacedSchema)).toBe(expected);
    const spacedPayload = plain.replace('{"b":[1.50,"x\\ny"],', '{ "b" : [1.50, "x\\ny"],\t');
    expect(spacedPayload).not.toBe(plain);
    expect(await decodeAs('core', spacedPayload)).toBe(expected);
    expect(await decodeAs('strict', spacedPayload)).toBe('reject PAYLOAD_NOT_CANONICAL R-M11');
    // A repeated member: the later value is kept, at the first one's place; the digest then decides.
    const repeated = plain.replace('"a":{"k":null}', '"a":{"k":1},"a":{"k":null}');
    expect(await decodeAs('core', repeated)).toBe(expected);
    expect(await decodeAs('strict', repeated)).toBe('reject JSON_DUPLICATE_MEMBER R-S1');
  });

  it('path-value records before their parent, a final LF, spaced records; rows-delimited spaced cells', async () => {
    const pv = bundleOf('{"o":{"x":1,"y":[true]},"z":"s"}', 'path-value');
    const pvValue = JSON.stringify([['o', [['x', '#1'], ['y', [true]]]], ['z', 's']]);
    const lines = /BEGIN:PAYLOAD>>>\n([\s\S]*?)\n<<</.exec(pv)![1]!;
    const records = lines.split('\n');
    // Root last, the array's item before the array: core places parents first, members keep line order.
    const reordered = [...records.slice(1).reverse(), records[0]].join('\n');
    const rePv = pv.replace(lines, reordered);
    expect(await decodeAs('strict', rePv)).toBe('reject MISSING_PARENT R-M13');
    const shuffled = await decodeAs('core', rePv);
    expect(shuffled).toBe(JSON.stringify([['z', 's'], ['o', [['y', [true]], ['x', '#1']]]]));
    // The digest ignores member order, so the reordered members decode (to line order), and a parent
    // that never comes is still missing (MORPH-PV-4).
    expect(await decodeAs('core', pv.replace(lines, records.filter((r) => r !== '["/o","object"]').join('\n')))).toMatch(/^reject (MISSING_PARENT MORPH-PV-4|RECORD_COUNT_MISMATCH MORPH-PV-2)$/);
    expect(await decodeAs('core', pv.replace(lines, `${lines}\n`))).toBe(pvValue);
    expect(await decodeAs('core', pv.replace(lines, `${lines}\n\n`))).toMatch(/^reject (INVALID_RECORD|RECORD_COUNT_MISMATCH) MORPH-PV-2$/);
    expect(await decodeAs('core', pv.replace(lines, lines.replaceAll(',', ', ')))).toBe(pvValue);
    const rows = bundleOf('[{"a":1,"b":"x"},{"a":2,"b":null}]', 'rows-delimited', { delimiter: '|' });
    const spacedCells = rows.replace('1|"x"', ' 1 |\t"x"');
    expect(spacedCells).not.toBe(rows);
    expect(await decodeAs('core', spacedCells)).toBe(JSON.stringify([[['a', '#1'], ['b', 'x']], [['a', '#2'], ['b', null]]]));
    expect(await decodeAs('strict', spacedCells)).toBe('reject INVALID_CELL R-M12');
    // A cell of whitespace alone is still no token (MORPH-RD-3, core).
    expect(await decodeAs('core', rows.replace('1|"x"', ' |"x"'))).toBe('reject INVALID_CELL MORPH-RD-3');
  });

  it('c14n: a byte-order mark is passed over and a repeated member keeps its later value', async () => {
    const digest = async (text: string, profile: 'core' | 'strict') => {
      const o = await ops['morph.c14n']!(Buffer.from(text, 'utf8'), { profile });
      return 'accept' in o && o.accept ? (o.observation as Map<string, JsonValue>).get('digest') : verdict(o);
    };
    expect(await digest('\ufeff{"a":2}', 'core')).toBe(await digest('{"a":2}', 'strict'));
    expect(await digest('{"a":1,"a":2}', 'core')).toBe(await digest('{"a":2}', 'strict'));
    expect(await digest('{"a":1,"a":2}', 'strict')).toBe('reject JSON_DUPLICATE_MEMBER');
    expect(await digest('["\\udc00"]', 'core')).toBe('reject JSON_LONE_SURROGATE');
  });

  it('import: target, task, plan options and guide ids are read as they are; the section governs the codec', async () => {
    const ir = irFromJsonText('[{"id":1,"ok":true},{"id":2,"ok":false}]');
    const guide = getGuide('rows-delimited');
    if (!ir.ok || guide === undefined) throw new Error('fixture');
    const built = buildArtifact({
      ir: ir.value, inputKind: 'json-text', plan: { encoding: 'rows-delimited', formatVersion: '1', options: { delimiter: '|' } }, guide,
      plannerPolicy: 'economy-experimental', target: { model: 'm', tokenizer: 'o200k_base' }, requestFrame: { task: { id: 't', instruction: 'i' }, prefix: '', suffix: '' },
    });
    if (!built.ok) throw new Error(built.error.code);
    const root = parseJson(built.value.text);
    if (!root.ok || !(root.value instanceof Map)) throw new Error('fixture');
    const a = root.value;
    const set = (level: string, member: string, v: JsonValue) => (a.get(level) as Map<string, JsonValue>).set(member, v);
    a.set('target', new Map<string, JsonValue>([['model', true], ['extra', 'x']]));
    (a.get('requestFrame') as Map<string, JsonValue>).set('task', new Map<string, JsonValue>([['instruction', '']]));
    set('plan', 'encoding', 'json-lines');
    set('plan', 'options', new Map<string, JsonValue>([['x', []]]));
    set('section', 'interpretationGuideId', 'another-guide');
    const fields = checkArtifactShape(a, 'core');
    if (!fields.ok) throw new Error(fields.error.code);
    const sealed = sealArtifact(fields.value);
    if (!sealed.ok) throw new Error(sealed.error.code);
    const text = writeJson(sealed.value);
    const run = async (profile: 'core' | 'strict') => {
      const o = await ops['morph.import']!(Buffer.from(text, 'utf8'), { profile });
      return 'accept' in o && o.accept ? writeJson((o.observation as Map<string, JsonValue>).get('value')!) : verdict(o);
    };
    expect(await run('core')).toBe('[{"id":1,"ok":true},{"id":2,"ok":false}]');
    expect(await run('strict')).toBe('reject ARTIFACT_UNKNOWN_MEMBER');
    const dir = mkdtempSync(join(tmpdir(), 'formcert-morph-artifact-'));
    try {
      writeFileSync(join(dir, 'a.json'), text);
      const summary = await validateArtifactFile(join(dir, 'a.json'), { profile: 'core' });
      expect(summary.ok && [summary.value.codec, summary.value.target, summary.value.task]).toEqual(['rows-delimited@1', 'true ((absent))', '(absent)']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // The task's instruction makes the prompt's TASK section, so it stays a string (MORPH-PROMPT-1).
    (a.get('requestFrame') as Map<string, JsonValue>).set('task', new Map());
    const noInstruction = await ops['morph.import']!(Buffer.from(writeJson(a), 'utf8'), { profile: 'core' });
    expect('accept' in noInstruction && !noInstruction.accept && [noInstruction.error.code, noInstruction.error.requirement]).toEqual(['ARTIFACT_MISSING_MEMBER', 'MORPH-PROMPT-1']);
  });

  it('encode: members the request does not use, options a codec does not take, an absent options member', async () => {
    const bundle = async (request: unknown, profile: 'core' | 'strict') => {
      const o = await ops['morph.encode']!(Buffer.from(JSON.stringify(request), 'utf8'), { profile });
      if ('skipped' in o) return 'skipped';
      return o.accept ? (o.observation as Map<string, JsonValue>).get('bundle') : `reject ${o.error.code} ${o.error.requirement}`;
    };
    const plan = { encoding: 'json-compact', formatVersion: '1', options: {} };
    const canonical = await bundle({ input: '{"a":[1,2]}', plan }, 'strict');
    expect(canonical).toMatch(/^MORPH-CONTEXT\/1 /);
    const loose = { input: '{"a":[1,2]}', plan: { encoding: 'json-compact', formatVersion: '1', options: { delimiter: ',' }, note: 1 }, extra: true };
    expect(await bundle(loose, 'core')).toBe(canonical);
    expect(await bundle(loose, 'strict')).toBe('reject ENCODE_REQUEST_INVALID MORPH-ENC-1');
    expect(await bundle({ input: '{"a":[1,2]}', plan: { encoding: 'json-compact', formatVersion: '1' } }, 'core')).toBe(canonical);
    // The input is read as c14n reads it: a repeated member keeps its later value.
    expect(await bundle({ input: '{"a":0,"a":[1,2]}', plan }, 'core')).toBe(canonical);
    // rows-delimited keeps its four delimiters; toon still never reorders members, now citing MORPH-APPLY-1.
    expect(await bundle({ input: '[{"a":1}]', plan: { encoding: 'rows-delimited', formatVersion: '1', options: { delimiter: '|', x: 1 } } }, 'core')).toMatch(/^MORPH-CONTEXT/);
    expect(await bundle({ input: '[{"a":1}]', plan: { encoding: 'rows-delimited', formatVersion: '1', options: { delimiter: ':' } } }, 'core')).toBe('reject INVALID_CODEC_OPTIONS MORPH-RD-2');
    expect(await bundle({ input: '{"b":1,"2":0}', plan: { encoding: 'toon', formatVersion: '4.1.1', options: { delimiter: ',' } } }, 'core')).toBe('reject CODEC_INAPPLICABLE MORPH-APPLY-1');
    expect(await bundle({ input: '{"b":1,"2":0}', plan: { encoding: 'toon', formatVersion: '4.1.1', options: { delimiter: ',' } } }, 'strict')).toBe('reject CODEC_INAPPLICABLE R-M17');
    // The request bound holds in both profiles, before anything is parsed (MORPH-ENC-1, strict).
    const huge = await ops['morph.encode']!(new Uint8Array((64 << 20) + 1), { profile: 'core' });
    expect('accept' in huge && !huge.accept && [huge.error.code, huge.error.requirement]).toEqual(['LIMIT_EXCEEDED', 'MORPH-ENC-1']);
  });

  it('property: under core, every op answers every edited bundle or encode request with an outcome citing a core rule', async () => {
    const fc = (await import('fast-check')).default;
    const bundleText = bundleOf('[{"a":1,"b":"x"},{"a":2,"b":null}]', 'rows-delimited', { delimiter: '|' });
    const request = JSON.stringify({ input: '[{"a":1},{"b":[2]}]', plan: { encoding: 'path-value', formatVersion: '1', options: {} }, guide: null });
    const edit = fc
      .tuple(fc.constantFrom(bundleText, request), fc.nat({ max: bundleText.length }), fc.nat({ max: 40 }), fc.constantFrom('', '\n', '\r\n', ' ', '<<<MORPH:', '"', '}', '{"x":', bundleText.slice(60, 140)))
      .map(([base, i, del, ins]) => base.slice(0, i) + ins + base.slice(i + del));
    await assertProperty(
      fc.asyncProperty(edit, async (text) => {
        for (const op of ['morph.decode', 'morph.c14n', 'morph.import', 'morph.encode'] as const) {
          const o = await ops[op]!(Buffer.from(text, 'utf8'), { profile: 'core' });
          expect('accept' in o).toBe(true);
          // The one strict citation core gives: an encode request without what the op needs (MORPH-ENC-1/2).
          if ('accept' in o && !o.accept && o.error.code !== 'ENCODE_REQUEST_INVALID') expect([o.error.code, o.error.requirement, o.error.profile]).toEqual([o.error.code, o.error.requirement, 'core']);
        }
      }),
      { seed: 1616, numRuns: 300 },
    );
  });
});

describe('CLI', () => {
  const bin = fileURLToPath(new URL('../../bin/formcert.mjs', import.meta.url));
  const dir = mkdtempSync(join(tmpdir(), 'formcert-morph-profile-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const crlf = join(dir, 'crlf.bundle');
  writeFileSync(crlf, bundleOf('[1,2]', 'json-compact').replaceAll('\n', '\r\n'));

  // One process per test (the fast tier runs on 2 cores).
  it('`validate morph-bundle --profile core` accepts a bundle whose only fault is strict', () => {
    const core = spawnSync(process.execPath, [bin, 'validate', 'morph-bundle', crlf, '--profile', 'core'], { encoding: 'utf8' });
    expect([core.status, core.stdout.split('\n')[0]]).toEqual([0, `valid morph-bundle: ${crlf}`]);
  });

  it('`testee exec --profile core morph.decode` answers the value under core', () => {
    const core = spawnSync(process.execPath, [bin, 'testee', 'exec', '--profile', 'core', 'morph.decode', crlf], { encoding: 'utf8' });
    expect([core.status, core.stdout]).toEqual([0, '{"value":[1,2]}\n']);
  });

  it('`validate morph-bundle --profile strict` refuses the same bundle', () => {
    const strict = spawnSync(process.execPath, [bin, 'validate', 'morph-bundle', crlf, '--profile', 'strict'], { encoding: 'utf8' });
    expect([strict.status, strict.stdout + strict.stderr]).toEqual([1, expect.stringContaining('BUNDLE_LAYOUT')]);
  });
});
