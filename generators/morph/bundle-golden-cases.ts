/**
 * Golden case sources for MORPH part 2: `morph.decode` (MORPH-CONTEXT/1 bundles), `morph.import`
 * (morph-artifact/1 files) and `morph.encode` (encode requests). Hand-written recipes per requirement
 * (accepted and rejected), every bundle and artifact mutator, part 1's codec mutators carried inside
 * bundles and artifacts, and samples of the arbitraries at fixed seeds. Deterministic; expectations
 * come from the rules and the mutators' declarations, never from running the oracle.
 */
import fc from 'fast-check';
import { buildArtifact, type BuildArtifactRequest } from '../../src/morph/artifact/build-artifact.ts';
import { bundleMarkers } from '../../src/morph/bundle/bundle-markers.ts';
import { CONTEXT_CODES as C, CONTEXT_RULES as R } from '../../src/morph/bundle/constants.ts';
import { requirementProfile } from '../../src/shared/refusals.ts';
import { encodeBundle, type BundlePlan, type EncodedBundle } from '../../src/morph/bundle/encode-bundle.ts';
import { writeBundle } from '../../src/morph/bundle/frame-bundle.ts';
import { metadataValue } from '../../src/morph/bundle/parse-bundle-metadata.ts';
import { CANDIDATE_PLANS, lookupCodec } from '../../src/morph/codecs/registry.ts';
import type { EncodedSection } from '../../src/morph/codecs/types.ts';
import { MORPH_CODES, RULES as MORPH_RULES, type InputKind } from '../../src/morph/constants.ts';
import { getGuide, type InterpretationGuide } from '../../src/morph/guides/index.ts';
import { irFromJsonText } from '../../src/morph/ir/ir-from-json-text.ts';
import type { Ir } from '../../src/morph/ir/types.ts';
import type { Profile } from '../../src/shared/errors.ts';
import { JSON_CODES } from '../../src/shared/json/constants.ts';
import { jsonEqual } from '../../src/shared/json/equal.ts';
import { canonicalJson } from '../../src/shared/json/jcs.ts';
import { parseJson } from '../../src/shared/json/parse-value.ts';
import { writeJson } from '../../src/shared/json/write-value.ts';
import { isJsonObject, jsonNumber, JsonNumber, type JsonObject, type JsonValue } from '../../src/shared/json/value.ts';
import { caseId, type CaseSpec } from '../../src/shared/vectors.ts';
import { artifactMutators, editAt, getAt, reseal, resealMembers, setAt } from './artifact-mutators.ts';
import { bundleInputValue } from './bundle-input-value.ts';
import { bundleMutators } from './bundle-mutators.ts';
import { CODEC_MUTATORS } from './codec-mutators.ts';
import { jsonTextIr } from './json-text-ir.ts';
import { recordArrayIr } from './record-array-ir.ts';

type Op = 'morph.decode' | 'morph.import' | 'morph.encode';
const PREFIX: Record<Op, string> = { 'morph.decode': 'ctx', 'morph.import': 'art', 'morph.encode': 'enc' };

function accept(op: Op, name: string, input: string | Uint8Array, requirements: string[], note: string, profile: Profile = 'core'): CaseSpec {
  return { name: `${PREFIX[op]}-${name}`, op, profile, requirements, input, expect: { verdict: 'accept' }, note };
}
function reject(op: Op, name: string, input: string | Uint8Array, code: string, requirements: string[], profile: Profile, note: string): CaseSpec {
  return { name: `${PREFIX[op]}-${name}`, op, profile, requirements, input, expect: { verdict: 'reject', code }, note };
}

function ir(text: string): Ir {
  const r = irFromJsonText(text);
  if (!r.ok) throw new Error(`recipe input does not parse: ${text}`);
  return r.value;
}

function guideOf(encoding: string): InterpretationGuide {
  const g = getGuide(encoding);
  if (g === undefined) throw new Error(`no suite guide for ${encoding}`);
  return g;
}

const planLabel = (p: BundlePlan) => `${p.encoding}${p.options.delimiter === undefined ? '' : `-${{ '\t': 'tab', ',': 'comma', '|': 'pipe', ';': 'semicolon' }[p.options.delimiter]}`}`;
const planOf = (encoding: string, delimiter?: string): BundlePlan => CANDIDATE_PLANS.find((p) => p.encoding === encoding && p.options.delimiter === delimiter)!;

function bundle(value: Ir, plan: BundlePlan, extra: { guide?: InterpretationGuide; schema?: JsonValue; inputKind?: InputKind } = {}): EncodedBundle {
  const b = encodeBundle({ ir: value, inputKind: extra.inputKind ?? 'json-text', plan, guide: extra.guide ?? guideOf(plan.encoding), ...(extra.schema === undefined ? {} : { schema: extra.schema }) });
  if (!b.ok) throw new Error(`${plan.encoding}: ${b.error.code}`);
  return b.value;
}

/** The suite's artifact request for `value` under `plan` (fixed target, task and frame; `extra` overrides). */
export function artifactRequest(value: Ir, plan: BundlePlan, extra: Partial<BuildArtifactRequest> = {}): BuildArtifactRequest {
  return {
    ir: value,
    inputKind: 'json-text',
    plan,
    guide: guideOf(plan.encoding),
    plannerPolicy: plan.encoding === 'json-compact' ? 'compatibility' : 'economy-experimental',
    target: { model: 'gpt-4o', tokenizer: 'o200k_base' },
    requestFrame: { task: { id: 'answer', instruction: 'Answer from the data only.' }, prefix: 'You are careful.', suffix: 'Reply in one line.' },
    ...extra,
  };
}

function artifact(value: Ir, plan: BundlePlan, extra: Partial<BuildArtifactRequest> = {}) {
  const a = buildArtifact(artifactRequest(value, plan, extra));
  if (!a.ok) throw new Error(`${plan.encoding}: ${a.error.code}`);
  return a.value;
}

/** Small inputs each codec applies to (toon: JS-safe lexemes only). */
const RECORDS = '[{"id":"c1","country":"US","revenue":129,"active":true},{"id":"c2","country":"CA","revenue":85.5,"active":false}]';
const TRICKY_RECORDS = '[{"k":"tab\\there","n":null,"s":"a,b|c;d"},{"n":-7,"s":"😀\\"q\\"","k":"\\u0000"}]';
const NESTED = '{"order":"A-17","total":1.2300,"items":[{"sku":"x/1","qty":2},{"sku":"y~2","qty":1}],"big":1E400,"neg":-0}';

/** morph.decode recipes: accepted bundles of every plan, and the R-M6a acceptances. */
function decodeRecipes(): CaseSpec[] {
  const out: CaseSpec[] = [];
  const core = ['MORPH-CTX-1', 'MORPH-CTX-2', 'MORPH-CTX-3', 'MORPH-CTX-4', 'MORPH-CTX-6', 'MORPH-CTX-7', 'MORPH-CTX-8'];
  for (const plan of CANDIDATE_PLANS) {
    out.push(accept('morph.decode', `accept-${planLabel(plan)}-records`, bundle(ir(RECORDS), plan).text, [...core, 'R-M6', 'R-M6a'], `a canonical bundle of ${plan.encoding}`));
    if (plan.encoding !== 'toon') out.push(accept('morph.decode', `accept-${planLabel(plan)}-tricky-cells`, bundle(ir(TRICKY_RECORDS), plan).text, [...core, 'R-M6'], 'escapes, delimiters inside strings, non-BMP, members in another order'));
  }
  for (const enc of ['json-compact', 'path-value']) {
    out.push(accept('morph.decode', `accept-${enc}-nested-lexemes`, bundle(ir(NESTED), planOf(enc)).text, [...core, 'R-M6a'], 'nested value with 1.2300, 1E400 and -0 kept as lexemes'));
  }
  for (const [name, text] of [['scalar-string', '"<<<MORPH:"'], ['scalar-null', 'null'], ['empty-object', '{}'], ['unicode-keys', '{"😀":"\\u2028","é":[]}']] as const) {
    out.push(accept('morph.decode', `accept-json-compact-${name}`, bundle(ir(text), planOf('json-compact')).text, core, `json-compact bundle of ${text}`));
  }
  out.push(accept('morph.decode', 'accept-json-lines-empty-array', bundle(ir('[]'), planOf('json-lines')).text, [...core, 'R-M6'], 'an empty PAYLOAD section is two LFs in a row'));
  const b = bundle(ir(RECORDS), planOf('json-compact'));
  out.push(accept('morph.decode', 'accept-any-boundary', writeBundle(b.parts, '0123456789abcdef01234567'), ['R-M6a', 'MORPH-CTX-2'], 'any 24-hex boundary is accepted; it is not derived again', 'strict'));
  out.push(accept('morph.decode', 'accept-all-zero-boundary', writeBundle(b.parts, '0'.repeat(24)), ['R-M6a'], 'any 24-hex boundary is accepted', 'strict'));
  out.push(accept('morph.decode', 'accept-schema-object', bundle(ir(RECORDS), planOf('json-compact'), { schema: ir('{"type":"array","items":{"type":"object"}}') }).text, ['MORPH-CTX-7', 'R-M6a', 'R-S4'], 'a schema section in JCS form'));
  out.push(accept('morph.decode', 'accept-schema-number', bundle(ir('[1]'), planOf('json-lines'), { schema: ir('1.5e2') }).text, ['MORPH-CTX-7', 'R-M6a', 'R-S4'], 'schema 150 in JCS form'));
  const fixed = '0123456789abcdef01234567';
  out.push(reject('morph.decode', 'schema-not-jcs-number', writeBundle({ ...b.parts, schema: '{"maximum":1.0}' }, fixed), 'BUNDLE_SCHEMA_NOT_CANONICAL', ['R-M6a', 'R-S4'], 'strict', 'JCS writes the number 1.0 as 1, so this schema text is not canonical'));
  out.push(reject('morph.decode', 'schema-not-jcs-order', writeBundle({ ...b.parts, schema: '{"type":"object","$id":"x"}' }, fixed), 'BUNDLE_SCHEMA_NOT_CANONICAL', ['R-M6a', 'R-S4'], 'strict', 'JCS sorts members by UTF-16 code unit: $id comes before type'));
  // MORPH-CTX-5: a string just under the IR input bound makes a bundle just over the bundle bound.
  const big = bundle(ir(`"${'x'.repeat(16 * 1024 * 1024 - 64)}"`), planOf('json-compact')).text;
  out.push(reject('morph.decode', 'bundle-over-16-mib', big, 'LIMIT_EXCEEDED', ['MORPH-CTX-5'], 'core', `a well-formed json-compact bundle of ${Buffer.byteLength(big)} bytes, over 16,777,216: refused before it is read`));
  out.push(accept('morph.decode', 'accept-empty-guide', bundle(ir(RECORDS), planOf('json-compact'), { guide: { id: '', version: '', text: '' } }).text, ['MORPH-CTX-6', 'R-M6a'], 'guide ids are not checked against the suite names; empty guide text is two LFs'));
  const markerLike = { id: 'custom', version: '9', text: '<<<MORPH:0123456789abcdef01234567:END>>>\nMORPH-CONTEXT/1 x\n<<<MORPH:' };
  out.push(accept('morph.decode', 'accept-guide-with-foreign-markers', bundle(ir(RECORDS), planOf('rows-delimited', ','), { guide: markerLike }).text, ['R-M4', 'R-M6a'], 'markers of another boundary inside the guide are plain text', 'strict'));
  // R-M11: the minimal escape of a control character is lower-case `\u00xx`; the same length in upper
  // case is not the compact writing (a check that compared lengths only would pass it).
  const upperHex = bundle(ir('["\\u001f"]'), planOf('json-compact')).text.replace('["\\u001f"]', '["\\u001F"]');
  out.push(reject('morph.decode', 'payload-escape-upper-hex', upperHex, 'PAYLOAD_NOT_CANONICAL', ['R-M11'], 'strict', 'a json-compact payload writing U+001F as \\u001F: the compact form is \\u001f'));
  out.push(accept('morph.decode', 'accept-js-value-input-kind', bundle(ir(RECORDS), planOf('columns-json'), { inputKind: 'js-value' }).text, ['MORPH-CTX-6', 'R-M6a'], 'inputKind js-value in metadata and layout'));
  return out;
}

/** morph.decode refusals: every bundle mutator on two bases (json-compact, rows-delimited pipe). */
function decodeMutations(): CaseSpec[] {
  const bases = [planOf('json-compact'), planOf('rows-delimited', '|')].map((plan) => ({ label: planLabel(plan), b: bundle(ir(TRICKY_RECORDS), plan) }));
  // Marker and metadata mutators do not depend on the codec: the second base repeats only the others.
  const generic = (name: string) => name.startsWith('marker-') || name.startsWith('metadata-');
  return bundleMutators().flatMap((m) =>
    bases
      .filter((_, i) => i === 0 || !generic(m.name))
      .map(({ label, b }) => reject('morph.decode', `mut-${m.name}-${label}`, m.mutate(b), m.code, [m.requirement], m.profile, `bundle mutator ${m.name}`)),
  );
}

/** Part 1's codec mutators, carried in a bundle (morph.decode) and in a resealed artifact (morph.import). */
function codecMutationsInContainers(): CaseSpec[] {
  const inputs: Ir[] = [ir(TRICKY_RECORDS), ir(RECORDS), ir('[[1,2],{"a":[]},"x",null]'), ir('{"a":{"b":[true,"😀"]},"c":1.50}')];
  const out: CaseSpec[] = [];
  for (const m of CODEC_MUTATORS) {
    let carriedInArtifact = false;
    const carried = new Set<string>();
    for (const plan of CANDIDATE_PLANS) {
      const codec = lookupCodec(plan.encoding, plan.formatVersion);
      // One bundle carrier per codec (its first delimiter plan), unless the mutator is about delimiters.
      if (!codec.ok || !m.codecs.includes(codec.value.id) || (carried.has(codec.value.id) && !m.name.includes('delimiter'))) continue;
      carried.add(codec.value.id);
      // One carrier per codec: the first input the codec applies to and the mutator changes.
      for (const value of inputs) {
        const section = codec.value.encode(value, plan.options, { inputKind: 'json-text' });
        if (!section.ok) continue;
        const mutated = m.mutate(section.value, value);
        // A layout that is not an object is refused by the container's own shape rule first (MORPH-CTX-6, MORPH-ART-2).
        if (mutated === undefined || !isJsonObject(mutated.layoutMetadata)) break;
        const label = `${m.name}-${planLabel(plan)}`;
        const b = bundleWithSection(value, plan, mutated);
        if (b !== undefined) out.push(reject('morph.decode', `mut-codec-${label}`, b, m.code, [m.requirement, 'MORPH-CTX-8'], m.profile, `codec mutator ${m.name} inside a bundle`));
        // In an artifact a layout delimiter that differs from the plan's is caught earlier (MORPH-ART-7).
        // One artifact carrier per mutator is enough to show the import reaches the codec (R-M10).
        if (!carriedInArtifact && mutated.layoutMetadata.get('delimiter') === plan.options.delimiter) {
          carriedInArtifact = true;
          out.push(reject('morph.import', `mut-codec-${label}`, artifactWithSection(value, plan, mutated), m.code, [m.requirement, 'R-M10'], m.profile, `codec mutator ${m.name} inside a resealed artifact`));
        }
        break;
      }
    }
  }
  return out;
}

/** A bundle whose section is `section`; undefined when JCS would respell the layout (R-M6a normalizes lexemes). */
export function bundleWithSection(value: Ir, plan: BundlePlan, section: EncodedSection): string | undefined {
  const base = bundle(value, plan);
  const metadata = metadataValue({ ...base.metadata, layoutMetadata: section.layoutMetadata });
  const text = canonicalJson(metadata);
  if (!text.ok) return undefined;
  const back = parseJson(text.value);
  if (!back.ok || !jsonEqual(back.value, metadata)) return undefined;
  return writeBundle({ ...base.parts, metadata: text.value, payload: section.payload }, base.boundary);
}

/** The suite's artifact of `value` under `plan` with its section replaced by `section`, resealed. */
export function artifactWithSection(value: Ir, plan: BundlePlan, section: EncodedSection): string {
  const a = artifact(value, plan).value;
  const edited = setAt(setAt(a, '/section/payload', section.payload), '/section/layoutMetadata', section.layoutMetadata);
  return writeJson(reseal(edited), { indent: 2 }) + '\n';
}

/** morph.import recipes and every artifact mutator. */
function importCases(): CaseSpec[] {
  const out: CaseSpec[] = [];
  const shape = ['MORPH-ART-1', 'MORPH-ART-2', 'MORPH-ART-3', 'MORPH-ART-4', 'MORPH-ART-5', 'MORPH-ART-6', 'MORPH-ART-8', 'R-M8', 'R-M9', 'R-M10'];
  for (const plan of CANDIDATE_PLANS) {
    out.push(accept('morph.import', `accept-${planLabel(plan)}`, artifact(ir(RECORDS), plan).text, [...shape, 'MORPH-ART-7'], `an artifact of ${plan.encoding} as the writer emits it`));
  }
  const base = artifact(ir(NESTED), planOf('json-compact'));
  out.push(accept('morph.import', 'accept-nested-lexemes', base.text, shape, 'lexemes 1.2300, 1E400, -0 survive the artifact'));
  out.push(accept('morph.import', 'accept-compact-file', writeJson(base.value), ['MORPH-ART-1'], 'member order and spacing are free: compact'));
  out.push(accept('morph.import', 'accept-members-reversed', writeJson(reverseAll(base.value), { indent: 1 }), ['MORPH-ART-1', 'R-M9'], 'members reversed at every level: digests use JCS, so order is free'));
  out.push(accept('morph.import', 'accept-with-schema', artifact(ir(RECORDS), planOf('columns-json'), { schema: ir('{"type":"array"}') }).text, ['MORPH-ART-2', 'R-M9'], 'an optional schema member inside modelDependencies'));
  out.push(accept('morph.import', 'accept-validated-policy-recorded', artifact(ir(RECORDS), planOf('json-lines'), { plannerPolicy: 'validated' }).text, ['MORPH-ART-2'], 'any of the three policies may be recorded'));
  out.push(accept('morph.import', 'accept-task-id-dotted', artifact(ir('[]'), planOf('json-lines'), { requestFrame: { task: { id: '0.a-b', instruction: ' ' }, prefix: '', suffix: '' }, target: { model: 'm', tokenizer: 't' } }).text, ['R-M8'], 'task id 0.a-b matches [a-z0-9][a-z0-9.-]*; a one-space instruction is non-empty', 'strict'));
  out.push(accept('morph.import', 'accept-js-value', artifact(ir(RECORDS), planOf('path-value'), { inputKind: 'js-value' }).text, ['MORPH-ART-2', 'R-M6a'], 'inputKind js-value'));
  const withIntegrity = (m: { code: string; requirement: string; also?: readonly string[] }) => [m.requirement, ...(m.code === C.INTEGRITY_MISMATCH ? ['R-M9'] : []), ...(m.also ?? [])];
  const bases = [{ label: 'json-compact', a: base }, { label: 'toon-tab', a: artifact(ir(RECORDS), planOf('toon', '\t')) }];
  // Shape mutators do not depend on the codec: the toon base repeats only the others.
  const generic = (name: string) => /^(unknown-member|missing|mistyped)-/.test(name);
  for (const m of artifactMutators()) {
    for (const { label, a } of bases.filter((_x, i) => i === 0 || !generic(m.name))) out.push(reject('morph.import', `mut-${m.name}-${label}`, m.mutate(a.value), m.code, withIntegrity(m), m.profile, `artifact mutator ${m.name}${m.note === undefined ? '' : `; ${m.note}`}`));
  }
  out.push(reject('morph.import', 'plan-delimiter-differs-from-layout', writeJson(reseal(setAt(artifact(ir(RECORDS), planOf('rows-delimited', '\t')).value, '/plan/options', new Map([['delimiter', ',']])))), C.PLAN_SECTION_MISMATCH, ['MORPH-ART-7'], requirementProfile('MORPH-ART-7'), 'plan says comma, the layout tab'));
  return out;
}

/**
 * Malformed number lexemes sealed in (MORPH-PV-2): the declared digest is the semantic digest of the
 * lexeme as the record writes it (the encoder writes any lexeme it is given), so the digest agrees and
 * only a reader that checks the lexeme refuses the bundle or artifact.
 */
const R_PV_RECORDS = MORPH_RULES.PATH_VALUE_RECORD;
const SEALED_BAD_LEXEMES: ReadonlyArray<readonly [label: string, lexeme: string]> = [
  ['plus-sign', '+1'],
  ['leading-zero', '01'],
  ['bare-fraction', '.5'],
  ['bare-point', '1.'],
  ['bare-exponent', '1e'],
  ['minus-only', '-'],
  ['infinity', 'Infinity'],
  ['digit-separator', '1_000'],
  ['hex', '0x1F'],
  ['leading-space', ' 1'],
];

/** morph.decode and morph.import cases whose only fault is a malformed lexeme under a matching digest. */
function sealedLexemeCases(): CaseSpec[] {
  const out: CaseSpec[] = [];
  const plan = planOf('path-value');
  for (const [label, lexeme] of SEALED_BAD_LEXEMES) {
    const value: Ir = new Map<string, JsonValue>([['order', 'A-17'], ['total', new JsonNumber(lexeme)], ['items', [new JsonNumber('2')]]]);
    const note = `the record for /total holds the lexeme ${JSON.stringify(lexeme)}, and the declared digest is that lexeme's: only the lexeme rule refuses it`;
    out.push(reject('morph.decode', `pv-lexeme-sealed-${label}`, bundle(value, plan).text, MORPH_CODES.INVALID_NUMBER_LEXEME, [R_PV_RECORDS, 'MORPH-CTX-8'], 'core', note));
    // Two artifact carriers show the import reaches the codec's lexeme rule too (R-M10).
    if (label === 'plus-sign' || label === 'leading-zero') out.push(reject('morph.import', `pv-lexeme-sealed-${label}`, artifact(value, plan).text, MORPH_CODES.INVALID_NUMBER_LEXEME, [R_PV_RECORDS, 'R-M10'], 'core', note));
  }
  return out;
}

/**
 * R-M10's last step: a resealed artifact whose layout digest equals inputSemanticDigest but whose
 * payload decodes to another value; only the digest of the decoded value refuses it.
 */
function decodedValueDigestCases(): CaseSpec[] {
  const base = artifact(ir(NESTED), planOf('json-compact')).value;
  const payload = getAt(base, '/section/payload') as string;
  const edits: ReadonlyArray<readonly [name: string, from: string, to: string, note: string]> = [
    ['decoded-value-differs-resealed', '"A-17"', '"A-18"', 'the payload says A-18 where the declared digest is of A-17'],
    ['decoded-lexeme-respelled-resealed', '1.2300', '1.23', 'the payload respells 1.2300 as 1.23: a reader that compares values, not lexemes, misses it'],
  ];
  const rules = ['R-M10', 'MORPH-ID-1'];
  return edits.map(([name, from, to, note]) => {
    if (!payload.includes(from)) throw new Error(`${name}: ${from} not in the payload`);
    const text = writeJson(reseal(setAt(base, '/section/payload', payload.replace(from, to))), { indent: 2 }) + '\n';
    return reject('morph.import', name, text, MORPH_CODES.DIGEST_MISMATCH, rules, 'core', `${note}; layout semanticDigest and inputSemanticDigest agree and the artifact is resealed`);
  });
}

function reverseAll(v: JsonValue): JsonValue {
  if (Array.isArray(v)) return v.map(reverseAll);
  if (v instanceof Map) return new Map([...v].reverse().map(([k, x]) => [k, k === 'layoutMetadata' || k === 'options' || k === 'schema' ? x : reverseAll(x)]));
  return v;
}

/** morph.encode recipes. */
function encodeCases(): CaseSpec[] {
  const out: CaseSpec[] = [];
  const request = (input: string, plan: BundlePlan | JsonValue, guide?: JsonValue, extra: Record<string, JsonValue> = {}) => {
    const planValue = isPlan(plan) ? new Map<string, JsonValue>([['encoding', plan.encoding], ['formatVersion', plan.formatVersion], ['options', new Map(plan.options.delimiter === undefined ? [] : [['delimiter', plan.options.delimiter]])]]) : plan;
    const entries: Array<[string, JsonValue]> = [['input', input], ['plan', planValue]];
    if (guide !== undefined) entries.push(['guide', guide]);
    return writeJson(new Map([...entries, ...Object.entries(extra)]));
  };
  const custom = new Map<string, JsonValue>([['id', 'my-guide'], ['version', '3'], ['text', 'Read it.\n<<<MORPH:']]);
  // Most requests carry their own short guide, so an encoder under test need not embed the suite's guide texts.
  const shortGuide = (encoding: string) => new Map<string, JsonValue>([['id', `morph-guide/${encoding}`], ['version', '1'], ['text', `Data encoded as ${encoding}.`]]);
  for (const plan of CANDIDATE_PLANS) {
    out.push(accept('morph.encode', `accept-${planLabel(plan)}`, request(RECORDS, plan, shortGuide(plan.encoding)), ['MORPH-ENC-1', 'MORPH-ENC-2', 'R-M4', 'R-M6', 'R-M6a'], `caller guide; the observation is the exact bundle of ${plan.encoding}`, 'strict'));
  }
  for (const enc of ['json-compact', 'toon']) {
    const plan = CANDIDATE_PLANS.find((p) => p.encoding === enc)!;
    out.push(accept('morph.encode', `accept-suite-guide-${planLabel(plan)}`, request(RECORDS, plan, null), ['MORPH-ENC-2', 'R-M7'], `guide null: the suite guide of ${enc} is carried`, 'strict'));
  }
  out.push(accept('morph.encode', 'accept-guide-absent', request(RECORDS, planOf('json-compact')), ['MORPH-ENC-2'], 'no guide member means the suite guide', 'strict'));
  out.push(accept('morph.encode', 'accept-custom-guide', request(RECORDS, planOf('json-lines'), custom), ['MORPH-ENC-2', 'R-M4'], 'a caller guide is carried verbatim, marker-like text included', 'strict'));
  out.push(accept('morph.encode', 'accept-whitespace-around-input', request(' \n{"b":[1.0,2e1],"a":"😀"}\t', planOf('json-compact'), shortGuide('json-compact')), ['MORPH-ENC-1', 'R-M11a'], 'whitespace around the input value is allowed; lexemes and order are kept', 'strict'));
  out.push(accept('morph.encode', 'accept-nested-path-value', request(NESTED, planOf('path-value'), shortGuide('path-value')), ['MORPH-ENC-1'], 'path-value keeps 1.2300, 1E400 and -0', 'strict'));
  // Strings past 65,536 UTF-16 units are written in slices: a surrogate pair (or a lone half) on a
  // slice's last unit, and escapes in both slices, must come out as the one compact string.
  const slice = 65_536;
  const longStrings = [
    '\n' + 'a'.repeat(slice - 2) + '\u{1F600}' + 'c\n'.repeat(50),
    '\n' + 'a'.repeat(slice - 2) + '\u{10000}' + 'c\n'.repeat(50),
    '\n' + 'a'.repeat(slice - 2) + '\u{10FC00}' + 'c\n'.repeat(50),
    '\n' + 'a'.repeat(slice - 3) + '\u{1F600}' + 'c\n'.repeat(50),
  ];
  out.push(accept('morph.encode', 'accept-strings-past-65536-units', request(JSON.stringify(longStrings), planOf('json-compact'), shortGuide('json-compact')), ['MORPH-ENC-1', 'R-M11'], 'four strings of 65,636+ units with a pair or its first half at unit 65,535 and escapes throughout: each is one compact string', 'strict'));
  out.push(accept('morph.encode', 'accept-empty-array-json-lines', request('[]', planOf('json-lines'), shortGuide('json-lines')), ['MORPH-ENC-1'], 'empty payload section', 'strict'));
  const enc = (name: string, input: string, code: string, req: string, note: string, profile: Profile = requirementProfile(req)) => reject('morph.encode', name, input, code, [req], profile, note);
  out.push(
    enc('request-not-json', '{"input":"1"', JSON_CODES.SYNTAX, R.ENCODE_REQUEST, 'the request itself is strict JSON', 'core'),
    enc('request-array', '[]', C.ENCODE_REQUEST_INVALID, R.ENCODE_REQUEST, 'the request is an object'),
    enc('request-unknown-member', request('1', planOf('json-compact'), null, { schema: null }), C.ENCODE_REQUEST_INVALID, R.ENCODE_REQUEST, 'the request is closed'),
    enc('request-input-missing', writeJson(new Map([['plan', new Map<string, JsonValue>([['encoding', 'json-compact'], ['formatVersion', '1'], ['options', new Map()]])]])), C.ENCODE_REQUEST_INVALID, R.ENCODE_REQUEST, 'input is required'),
    enc('request-input-not-string', '{"input":1,"plan":{"encoding":"json-compact","formatVersion":"1","options":{}}}', C.ENCODE_REQUEST_INVALID, R.ENCODE_REQUEST, 'input is JSON text inside a string'),
    enc('request-plan-options-missing', '{"input":"1","plan":{"encoding":"json-compact","formatVersion":"1"}}', C.ENCODE_REQUEST_INVALID, R.ENCODE_REQUEST, 'plan has exactly three members'),
    enc('request-plan-extra-member', '{"input":"1","plan":{"encoding":"json-compact","formatVersion":"1","options":{},"policy":"x"}}', C.ENCODE_REQUEST_INVALID, R.ENCODE_REQUEST, 'plan is closed'),
    enc('request-guide-missing-text', request('1', planOf('json-compact'), new Map([['id', 'g'], ['version', '1']])), C.ENCODE_REQUEST_INVALID, R.ENCODE_GUIDE, 'a caller guide is exactly {id, version, text}'),
    enc('request-guide-string', request('1', planOf('json-compact'), 'morph-guide/json-compact'), C.ENCODE_REQUEST_INVALID, R.ENCODE_GUIDE, 'guide is null or an object'),
    enc('encoding-unregistered', request('1', new Map<string, JsonValue>([['encoding', 'yaml'], ['formatVersion', '1'], ['options', new Map()]]), null), MORPH_CODES.UNSUPPORTED_ENCODING, 'R-M1', 'fail closed on an unknown codec', 'core'),
    enc('toon-version-unregistered', request('1', new Map<string, JsonValue>([['encoding', 'toon'], ['formatVersion', '4.1.0'], ['options', new Map([['delimiter', ',']])]]), null), MORPH_CODES.UNSUPPORTED_ENCODING, 'R-M1', 'only toon 4.1.1 is registered', 'core'),
    enc('options-on-json-compact', request('1', new Map<string, JsonValue>([['encoding', 'json-compact'], ['formatVersion', '1'], ['options', new Map([['delimiter', ',']])]]), null), MORPH_CODES.INVALID_CODEC_OPTIONS, 'R-M11b', 'json-compact takes {}', 'strict'),
    enc('rows-delimiter-missing', request(RECORDS, new Map<string, JsonValue>([['encoding', 'rows-delimited'], ['formatVersion', '1'], ['options', new Map()]]), null), MORPH_CODES.INVALID_CODEC_OPTIONS, 'R-M11b', 'rows-delimited needs a delimiter', 'strict'),
    enc('rows-delimiter-colon', request(RECORDS, new Map<string, JsonValue>([['encoding', 'rows-delimited'], ['formatVersion', '1'], ['options', new Map([['delimiter', ':']])]]), null), MORPH_CODES.INVALID_CODEC_OPTIONS, 'R-M11b', 'only tab, comma, pipe and semicolon', 'strict'),
    enc('input-duplicate-member', request('{"a":1,"a":2}', planOf('json-compact'), null), JSON_CODES.DUPLICATE_MEMBER, 'R-S1', 'the input text is strict JSON', 'strict'),
    enc('input-trailing-text', request('[1] x', planOf('json-compact'), null), JSON_CODES.SYNTAX, 'R-S1', 'the input text is one JSON value', 'core'),
    enc('input-lone-surrogate', request('"\\ud800"', planOf('json-compact'), null), JSON_CODES.LONE_SURROGATE, 'R-S1', 'an escaped lone surrogate has no UTF-8 form', 'strict'),
    enc('input-depth-65', request(`${'['.repeat(65)}${']'.repeat(65)}`, planOf('json-compact'), null), MORPH_CODES.LIMIT_EXCEEDED, 'R-M2', 'container depth 65', 'core'),
    enc('json-lines-on-object', request('{"a":1}', planOf('json-lines'), null), MORPH_CODES.CODEC_INAPPLICABLE, 'MORPH-JL-1', 'json-lines applies to a root array only'),
    enc('rows-on-nested-records', request('[{"a":[1]}]', planOf('rows-delimited', ','), null), MORPH_CODES.CODEC_INAPPLICABLE, 'MORPH-RD-1', 'rows need primitive cells'),
    enc('columns-on-sparse-records', request('[{"a":1},{"b":1}]', planOf('columns-json'), null), MORPH_CODES.CODEC_INAPPLICABLE, 'MORPH-RD-1', 'columns need one key set'),
    enc('toon-on-trailing-zero', request('{"x":1.2300}', planOf('toon', ','), null), MORPH_CODES.TOON_NUMBER_INAPPLICABLE, 'MORPH-TOON-1', 'toon cannot keep 1.2300'),
  );
  // MORPH-ENC-1/2: members of the wrong type, each alone, and the check order (options before the input text).
  const compactPlan = (encoding: JsonValue, formatVersion: JsonValue, options: JsonValue = new Map()) => new Map<string, JsonValue>([['encoding', encoding], ['formatVersion', formatVersion], ['options', options]]);
  const guideOf3 = (id: JsonValue, version: JsonValue, text: JsonValue) => new Map<string, JsonValue>([['id', id], ['version', version], ['text', text]]);
  out.push(
    enc('plan-encoding-number', request('1', compactPlan(jsonNumber(1), '1'), null), C.ENCODE_REQUEST_INVALID, R.ENCODE_REQUEST, 'plan.encoding is a string: a number is a shape fault, not an unregistered codec'),
    enc('plan-format-version-number', request('1', compactPlan('json-compact', jsonNumber(1)), null), C.ENCODE_REQUEST_INVALID, R.ENCODE_REQUEST, 'plan.formatVersion is a string: the number 1 is not the version "1"'),
    enc('guide-id-number', request('1', planOf('json-compact'), guideOf3(jsonNumber(1), '1', 'Read it.')), C.ENCODE_REQUEST_INVALID, R.ENCODE_GUIDE, 'a caller guide\'s id is a string'),
    enc('guide-version-null', request('1', planOf('json-compact'), guideOf3('g', null, 'Read it.')), C.ENCODE_REQUEST_INVALID, R.ENCODE_GUIDE, 'a caller guide\'s version is a string'),
    enc('guide-text-array', request('1', planOf('json-compact'), guideOf3('g', '1', ['Read it.'])), C.ENCODE_REQUEST_INVALID, R.ENCODE_GUIDE, 'a caller guide\'s text is a string'),
    enc('options-checked-before-input', request('{"a":', compactPlan('json-compact', '1', new Map([['delimiter', ',']]))), MORPH_CODES.INVALID_CODEC_OPTIONS, 'R-M11b', 'MORPH-ENC-1 checks the options before the input text, which is not JSON here', 'strict'),
    enc('options-array', request('1', compactPlan('json-compact', '1', [])), MORPH_CODES.INVALID_CODEC_OPTIONS, 'R-M11b', 'plan options are a JSON object; an empty array is not {}', 'strict'),
    enc('rows-options-extra-member', request(RECORDS, compactPlan('rows-delimited', '1', new Map([['delimiter', ','], ['quote', '"']]))), MORPH_CODES.INVALID_CODEC_OPTIONS, 'R-M11b', 'rows-delimited takes exactly {delimiter}: a valid delimiter does not excuse another member', 'strict'),
  );
  out.push(accept('morph.encode', 'accept-long-input-surrogate-pairs', request(JSON.stringify(LONG_TEXT), planOf('json-compact'), shortGuide('json-compact')), ['MORPH-ENC-1', 'R-M4'], LONG_TEXT_NOTE, 'strict'));
  return out;
}

/**
 * JSON-LIMIT-1 on the texts around a payload (spec/morph/context.md, MORPH-CTX-7's limits): R-M2's
 * depth and value limits, met and passed by one, before any shape is checked.
 */
function envelopeLimitCases(): CaseSpec[] {
  const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
  /** An array of zeros making `n` values with the array itself. */
  const values = (n: number) => `[${new Array<string>(n - 1).fill('0').join(',')}]`;
  const parts = bundle(ir(RECORDS), planOf('json-compact')).parts;
  const fixed = '0123456789abcdef01234567';
  const LIMIT = MORPH_CODES.LIMIT_EXCEEDED;
  const L = 'JSON-LIMIT-1';
  const request = (extra: string) => `{"input":"1","plan":{"encoding":"json-compact","formatVersion":"1","options":{}},"x":${extra}}`;
  return [
    accept('morph.decode', 'accept-schema-depth-64', writeBundle({ ...parts, schema: nested(64) }, fixed), ['MORPH-CTX-7', L], 'a schema 64 containers deep, the depth limit: read', 'strict'),
    accept('morph.decode', 'accept-schema-250000-values', writeBundle({ ...parts, schema: values(250_000) }, fixed), ['MORPH-CTX-7', L], 'a schema of exactly 250,000 values, the value limit: read', 'strict'),
    reject('morph.decode', 'schema-depth-65', writeBundle({ ...parts, schema: nested(65) }, fixed), LIMIT, ['MORPH-CTX-7', L], 'core', 'a schema one container past the depth limit: LIMIT_EXCEEDED, not BUNDLE_SCHEMA_INVALID'),
    reject('morph.decode', 'schema-250001-values', writeBundle({ ...parts, schema: values(250_001) }, fixed), LIMIT, ['MORPH-CTX-7', L], 'core', 'a schema one value past the value limit'),
    reject('morph.decode', 'metadata-depth-65', writeBundle({ ...parts, metadata: nested(65) }, fixed), LIMIT, ['MORPH-CTX-6', L], 'core', 'METADATA one container past the depth limit: LIMIT_EXCEEDED, not BUNDLE_METADATA_INVALID'),
    reject('morph.import', 'artifact-depth-65', nested(65), LIMIT, ['MORPH-ART-1', L], 'core', 'an artifact text one container past the depth limit: refused before its shape is checked'),
    reject('morph.import', 'artifact-250001-values', values(250_001), LIMIT, ['MORPH-ART-1', L], 'core', 'an artifact text one value past the value limit: refused before its shape is checked'),
    reject('morph.encode', 'request-depth-65', nested(65), LIMIT, ['MORPH-ENC-1', L], 'core', 'a request text one container past the depth limit'),
    reject('morph.encode', 'request-passed-over-member-depth-65', request(nested(64)), LIMIT, ['MORPH-ENC-1', L], 'core', 'member x, which core passes over, still counts: 64 arrays inside the request are depth 65'),
  ];
}

/**
 * A string whose json-compact payload (the string quoted) is 200,000 UTF-16 units with surrogate pairs
 * where a hasher that feeds 65,536 units at a time would cut: U+10000 (high half 0xD800) across unit
 * 65,536, a pair ending at unit 131,071, and U+10FFFD (high half 0xDBFF) across unit 196,607 once the
 * first cut moved back by one. SHA-256 of the payload (R-M9) and the boundary (R-M4) are over the whole
 * text's UTF-8, so wherever a reader cuts it, it must cut between code points.
 */
const LONG_TEXT: string = (() => {
  const units = new Array<string>(200_000 - 2).fill('x');
  // Indices here are payload indices minus one (the opening quote).
  const put = (payloadIndex: number, pair: string) => {
    units[payloadIndex - 1] = pair[0]!;
    units[payloadIndex] = pair[1]!;
  };
  put(65_535, '\u{10000}');
  put(131_069, '\u{1F600}');
  put(196_606, '\u{10FFFD}');
  return units.join('');
})();
const LONG_TEXT_NOTE = 'a 199,998-unit string with surrogate pairs across units 65,536, 131,071 and 196,607 of its payload';

/**
 * R-M6's check order and MORPH-CTX-3's overlap rule on the frame: a CR LF header is a layout fault, so
 * missing or repeated markers and trailing text answer first; sections whose markers overlap delimit
 * nothing in either profile; each strict layout fault alone.
 */
function frameCases(): CaseSpec[] {
  const b = bundle(ir(RECORDS), planOf('json-compact'));
  const mk = bundleMarkers(b.boundary);
  const crlf = b.text.replaceAll('\n', '\r\n');
  const guideBlock = `${mk.begin.GUIDE}\n${b.parts.guide}\n${mk.end.GUIDE}\n`;
  const metadataBlock = `${mk.begin.METADATA}\n${b.parts.metadata}\n${mk.end.METADATA}\n`;
  const swap = (from: string, to: string) => {
    if (!b.text.includes(from)) throw new Error(`frame case: ${from.slice(0, 40)} not in the bundle`);
    return b.text.replace(from, to);
  };
  const emptyGuide = bundle(ir(RECORDS), planOf('json-compact'), { guide: { id: '', version: '', text: '' } });
  const emk = bundleMarkers(emptyGuide.boundary);
  const LAYOUT = R.BUNDLE_LAYOUT;
  return [
    reject('morph.decode', 'crlf-final-marker-duplicated', crlf.replace(mk.final, `${mk.final}\r\n${mk.final}`), C.BUNDLE_MARKER_DUPLICATE, [R.BUNDLE_MARKERS, LAYOUT], 'core', 'CR LF line ends and a repeated final marker: R-M6 checks markers before the layout'),
    reject('morph.decode', 'crlf-trailing-text', `${crlf}x`, C.BUNDLE_TRAILING_DATA, [R.BUNDLE_FINAL, LAYOUT], 'core', 'CR LF line ends and text after the final marker: R-M6 checks the final marker before the layout'),
    reject('morph.decode', 'header-line-crlf', b.text.replace('\n', '\r\n'), C.BUNDLE_LAYOUT, [LAYOUT], 'strict', 'only the header line ends with CR LF; the sections are laid out exactly'),
    reject('morph.decode', 'guide-end-before-begin', swap(guideBlock, `${mk.end.GUIDE}\n${mk.begin.GUIDE}\n${b.parts.guide}\n`), C.BUNDLE_LAYOUT, [R.BUNDLE_MARKERS, LAYOUT], 'strict', 'the GUIDE END marker stands before its BEGIN: the markers delimit nothing'),
    reject('morph.decode', 'metadata-inside-guide', swap(guideBlock + metadataBlock, `${mk.begin.GUIDE}\n${b.parts.guide}\n${metadataBlock}${mk.end.GUIDE}\n`), C.BUNDLE_LAYOUT, [R.BUNDLE_MARKERS, LAYOUT], 'strict', 'the METADATA section stands inside the GUIDE section: each part must be in its own section'),
    reject('morph.decode', 'empty-guide-single-lf', emptyGuide.text.replace(`${emk.begin.GUIDE}\n\n${emk.end.GUIDE}`, `${emk.begin.GUIDE}\n${emk.end.GUIDE}`), C.BUNDLE_LAYOUT, [LAYOUT], 'strict', 'an empty content is written as two LFs in a row, not one'),
    reject('morph.decode', 'space-after-guide-end', swap(`${mk.end.GUIDE}\n`, `${mk.end.GUIDE} `), C.BUNDLE_LAYOUT, [LAYOUT], 'strict', 'a space instead of the LF after the GUIDE END marker, the next BEGIN right after it'),
    reject('morph.decode', 'metadata-null', writeBundle({ ...b.parts, metadata: 'null' }, b.boundary), C.BUNDLE_METADATA_INVALID, [R.BUNDLE_METADATA], 'core', 'METADATA is JSON but not an object'),
  ];
}

const MIB_16 = 16 * 1024 * 1024;

/** morph.import faults one at a time: R-M8 and MORPH-ART-2 member forms, the core task reading, the payload's limits, and hashing a long payload. */
function artifactEdgeCases(): CaseSpec[] {
  const a = artifact(ir(RECORDS), planOf('json-compact')).value;
  const write = (v: JsonValue) => `${writeJson(v, { indent: 2 })}\n`;
  const sealed = (v: JsonObject) => write(resealMembers(v));
  const INVALID = C.ARTIFACT_INVALID_MEMBER;
  const withPayload = (payload: string) => write(reseal(setAt(a, '/section/payload', payload)));
  return [
    reject('morph.import', 'target-model-array', sealed(setAt(a, '/target/model', ['gpt-4o'])), INVALID, [R.TASK_TARGET], 'strict', 'a one-string array is not a non-empty string; digests resealed'),
    reject('morph.import', 'task-id-array', sealed(setAt(a, '/requestFrame/task/id', ['answer'])), INVALID, [R.TASK_TARGET], 'strict', 'an array holding a valid id is not an id; digests resealed'),
    reject('morph.import', 'artifact-id-array', write(setAt(a, '/artifactId', [a.get('artifactId')!])), INVALID, [R.ARTIFACT_SHAPE], requirementProfile(R.ARTIFACT_SHAPE), 'artifactId is a string of 64 hex digits, not an array holding one'),
    reject('morph.import', 'task-instruction-missing-any-profile', sealed(editAt(a, '/requestFrame/task', (t) => t.delete('instruction'))), C.ARTIFACT_MISSING_MEMBER, [R.TASK_TARGET, R.PROMPT_LAYOUT], 'strict', 'core keeps task.instruction required (the prompt\'s TASK section); digests resealed'),
    reject('morph.import', 'task-instruction-number-any-profile', sealed(setAt(a, '/requestFrame/task/instruction', jsonNumber(1))), INVALID, [R.TASK_TARGET, R.PROMPT_LAYOUT], 'strict', 'core keeps task.instruction a string; digests resealed'),
    reject('morph.import', 'json-compact-layout-delimiter-resealed', write(reseal(setAt(a, '/section/layoutMetadata/delimiter', ','))), MORPH_CODES.LAYOUT_UNKNOWN_MEMBER, ['MORPH-LAYOUT-1', R.ARTIFACT_OPTIONS, R.IMPORT_ORDER], 'core', 'json-compact has no delimiter: its layout refuses the member; the plan (no delimiter) is not compared with it'),
    // A payload over 16 MiB is refused while the file is read (MORPH-ART-1's string limit), before its CR (MORPH-ORDER-1) or R-M2's check.
    reject('morph.import', 'payload-over-16-mib-with-cr-resealed', withPayload(`"${'x'.repeat(MIB_16 - 2)}"\r`), MORPH_CODES.LIMIT_EXCEEDED, ['R-M2', R.ARTIFACT_JSON, 'JSON-LIMIT-1', 'MORPH-ORDER-1', R.IMPORT_ORDER], 'core', 'a payload of 16,777,217 bytes ending in CR; digests resealed: a string over 16 MiB, refused while the file is read (MORPH-ART-1), before the CR is looked at'),
    reject('morph.import', 'payload-over-16-mib-utf8-with-cr-resealed', withPayload(`"${'é'.repeat(MIB_16 / 2 - 1)}"\r`), MORPH_CODES.LIMIT_EXCEEDED, ['R-M2', R.ARTIFACT_JSON, 'JSON-LIMIT-1', 'MORPH-ORDER-1', R.IMPORT_ORDER], 'core', 'a payload of 8,388,610 UTF-16 units but 16,777,217 UTF-8 bytes, ending in CR: the string limit counts bytes'),
    // R-S1 (strict) and MORPH-C14N-1 (core: a string with no UTF-8 form) both refuse an escaped lone
    // surrogate anywhere in the artifact's JSON, the payload string included, before any shape is read.
    reject('morph.import', 'payload-lone-surrogate-any-profile', withPayload(`"A-17"\ud800`).replace('\ud800', '\\ud800'), JSON_CODES.LONE_SURROGATE, ['R-S1', 'MORPH-C14N-1', R.ARTIFACT_JSON], 'strict', 'the payload string ends in the escape \\ud800; digests resealed over it'),
    // R-M9 hashes JCS(modelDependencies): a schema number with no JCS form leaves the digest uncomputable.
    reject('morph.import', 'schema-number-past-double-range', write(setAt(a, '/modelDependencies/schema', [jsonNumber('1e400')])), JSON_CODES.JCS_NUMBER_RANGE, ['R-S4', R.DIGESTS, R.ARTIFACT_INTEGRITY], 'strict', 'the schema holds 1e400, which has no JCS form: the dependencies digest cannot be computed, so it is refused, not compared'),
    accept('morph.import', 'accept-long-payload-surrogate-pairs', artifact(ir(JSON.stringify(LONG_TEXT)), planOf('json-compact')).text, [R.DIGESTS, R.ARTIFACT_INTEGRITY], LONG_TEXT_NOTE),
  ];
}

/** The value of a JSON text the recipe itself wrote. */
function parseJsonValue(text: string): JsonValue {
  const parsed = parseJson(text);
  if (!parsed.ok) throw new Error(`recipe text does not parse: ${parsed.error.code}`);
  return parsed.value;
}

/** UTF-8 bytes of every string and member name in `v` (MORPH-ART-1's text limits count these). */
function textBytes(v: JsonValue): number {
  if (typeof v === 'string') return Buffer.byteLength(v, 'utf8');
  if (Array.isArray(v)) return v.reduce((n: number, item) => n + textBytes(item), 0);
  if (isJsonObject(v)) return [...v].reduce((n, [name, item]) => n + Buffer.byteLength(name, 'utf8') + textBytes(item), 0);
  return 0;
}

/**
 * morph.import and morph.encode at MORPH-ART-1's text limits (JSON-LIMIT-1, MORPH-ENC-1): 16 MiB for a
 * string or member name, 20 MiB for all of them, counted in UTF-8 bytes with escapes read. Each input
 * is some 16–28 MB, stored gzipped.
 */
function carrierTextLimitCases(): CaseSpec[] {
  const a = artifact(ir(RECORDS), planOf('json-compact')).value;
  const write = (v: JsonValue) => `${writeJson(v, { indent: 2 })}\n`;
  const LIMIT = MORPH_CODES.LIMIT_EXCEEDED;
  const REQS = [R.ARTIFACT_JSON, 'JSON-LIMIT-1'];
  // A guide of exactly 16 MiB whose every other byte is a line feed, written `\n`: 24 MiB in the file,
  // so a reader that counts the text as written, not as read, refuses it.
  const guide = 'x\n'.repeat(MIB_16 / 2);
  const withGuide = setAt(setAt(a, '/modelDependencies/interpretationGuideText', guide), '/modelDependencies/schema', ['']);
  const filler = 20 * 1024 * 1024 - textBytes(withGuide);
  const atBounds = (extra: number) => {
    const sealed = reseal(setAt(withGuide, '/modelDependencies/schema', ['s'.repeat(filler + extra)]));
    if (textBytes(sealed) !== 20 * 1024 * 1024 + extra) throw new Error('text limit case: the total is not where it was aimed');
    return write(sealed);
  };
  // 5,592,406 characters of three UTF-8 bytes each: 16,777,218 bytes, but 5,592,406 UTF-16 units.
  const wideGuide = write(reseal(setAt(a, '/modelDependencies/interpretationGuideText', '\u2192'.repeat(5_592_406))));
  const longName = write(setAt(a, `/${'n'.repeat(MIB_16 + 1)}`, null));
  const requestOf = (rest: number) => `{"input":"[]","plan":{"encoding":"json-compact","formatVersion":"1","options":{}},"guide":null,"note":"${'n'.repeat(MIB_16)}","more":"${'m'.repeat(rest)}"}`;
  // Names and strings besides the two long ones: input, "[]", plan, encoding, json-compact, formatVersion, "1", options, guide, note, more.
  const shortText = textBytes(parseJsonValue(requestOf(0))) - MIB_16;
  const overTextRequest = requestOf(4 * 1024 * 1024 - shortText + 1);
  if (textBytes(parseJsonValue(overTextRequest)) !== 20 * 1024 * 1024 + 1) throw new Error('text limit case: the request is not where it was aimed');
  return [
    accept('morph.import', 'accept-text-at-both-limits', atBounds(0), [...REQS, R.DIGESTS], 'a guide of exactly 16 MiB as read (24 MiB as written: every other byte is an escaped LF) and a schema string that brings all strings and member names to exactly 20 MiB; digests resealed'),
    reject('morph.import', 'text-over-20-mib-by-one-byte', atBounds(1), LIMIT, REQS, 'core', 'as art-accept-text-at-both-limits with one more byte in the schema string: 20 MiB + 1 of text in all, refused while the file is read'),
    reject('morph.import', 'guide-wide-over-16-mib', wideGuide, LIMIT, REQS, 'core', 'a guide of 5,592,406 arrows: 16,777,218 UTF-8 bytes (the limit counts bytes, not UTF-16 units); digests resealed'),
    reject('morph.import', 'member-name-over-16-mib', longName, LIMIT, REQS, 'core', 'an unknown envelope member whose name is 16 MiB + 1 bytes: the text limit answers while the file is read, before the shape check would name the member'),
    reject('morph.encode', 'request-text-over-20-mib', overTextRequest, LIMIT, [R.ENCODE_REQUEST, R.ARTIFACT_JSON, 'JSON-LIMIT-1'], 'core', 'a request for [] with two members it does not use, 16 MiB and 4 MiB of text: 20 MiB + 1 in all, refused while it is read (core would pass over them, strict refuse them as unknown)'),
  ];
}

function isPlan(v: unknown): v is BundlePlan {
  return typeof v === 'object' && v !== null && !(v instanceof Map) && 'encoding' in v;
}

/** A uniform record array with every record's members in the first record's order. */
function inFirstRecordOrder(records: Ir): Ir {
  if (!Array.isArray(records) || !(records[0] instanceof Map)) return records;
  const fields = [...records[0].keys()];
  return records.map((r) => (r instanceof Map ? new Map(fields.map((f): [string, JsonValue] => [f, r.get(f)!])) : r));
}

/** Samples at fixed seeds: accepted bundles and artifacts, and one seeded mutation of each bundle. */
function generatedCases(): CaseSpec[] {
  const out: CaseSpec[] = [];
  const mutators = bundleMutators();
  const values = fc.sample(bundleInputValue(), { seed: 42, numRuns: 30 });
  const picks = fc.sample(fc.nat({ max: mutators.length - 1 }), { seed: 43, numRuns: values.length });
  values.forEach((value, i) => {
    const id = String(i).padStart(2, '0');
    const b = bundle(value, planOf('json-compact'));
    out.push(accept('morph.decode', `generated-${id}`, b.text, ['MORPH-CTX-8', 'R-M6'], 'bundleInputValue() at seed 42, json-compact'));
    const m = mutators[picks[i]!]!;
    out.push(reject('morph.decode', `generated-${id}-mut-${m.name}`, m.mutate(b), m.code, [m.requirement], m.profile, `bundle mutator ${m.name} on sample ${id}`));
  });
  const records = fc.sample(recordArrayIr({ numbers: 'js-safe', maxRows: 3 }), { seed: 42, numRuns: 12 });
  records.forEach((sample, i) => {
    const plan = CANDIDATE_PLANS[i % CANDIDATE_PLANS.length]!;
    // toon keeps member order (R-M17) and writes every tabular row in the first row's field order,
    // so its samples list every record's members in that order.
    const value = plan.encoding === 'toon' ? inFirstRecordOrder(sample) : sample;
    const a = buildArtifact(artifactRequest(value, plan));
    // Every plan applies to a JS-safe uniform record array (in one member order, for toon).
    if (!a.ok) throw new Error(`${plan.encoding}: ${a.error.code}`);
    out.push(accept('morph.import', `generated-${String(i).padStart(2, '0')}-${planLabel(plan)}`, a.value.text, ['MORPH-ART-8', 'R-M10'], `recordArrayIr() at seed 42, ${plan.encoding}`));
  });
  const texts = fc.sample(jsonTextIr({ maxDepth: 3 }), { seed: 44, numRuns: 10 });
  texts.forEach((value, i) => {
    const id = String(i).padStart(2, '0');
    out.push(accept('morph.encode', `generated-${id}`, writeJson(new Map<string, JsonValue>([['input', writeJson(value)], ['plan', new Map<string, JsonValue>([['encoding', 'path-value'], ['formatVersion', '1'], ['options', new Map()]])], ['guide', new Map<string, JsonValue>([['id', 'g'], ['version', '1'], ['text', 'Typed path/value records.']])]])), ['MORPH-ENC-1'], 'jsonTextIr() at seed 44, path-value', 'strict'));
    out.push(accept('morph.decode', `generated-path-value-${id}`, bundle(value, planOf('path-value')).text, ['MORPH-CTX-8'], 'jsonTextIr() at seed 44, path-value'));
  });
  return out;
}

/** Every part-2 golden case; a case whose op and input repeat an earlier one's is dropped (one vector). */
export function bundleGoldenCases(): CaseSpec[] {
  const seen = new Set<string>();
  return [...decodeRecipes(), ...decodeMutations(), ...codecMutationsInContainers(), ...importCases(), ...sealedLexemeCases(), ...decodedValueDigestCases(), ...encodeCases(), ...envelopeLimitCases(), ...frameCases(), ...artifactEdgeCases(), ...carrierTextLimitCases(), ...generatedCases()].filter((c) => {
    const id = caseId(c.op, c.input);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}
