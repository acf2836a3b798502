/**
 * Generator-backed fuzz sources for morph.decode, morph.import and morph.encode: valid bundles,
 * artifacts and encode requests of generated values under every plan, and the format's own mutators
 * (bundle, codec and artifact mutators, one rule each) applied to them. Both sides land on and just
 * past the MORPH bounds with real probability: container depth 64/65 (R-M2), 250,000/250,001 nodes,
 * declared counts at and past the node limit and at integer widths (2^32, 2^53, 2^64), and number
 * lexemes at the safe-integer and double edges. The 16 MiB payload and 64 MiB artifact bounds are
 * left to the golden recipes: too large for a generated case.
 */
import fc from 'fast-check';
import { buildArtifact } from '../../src/morph/artifact/build-artifact.ts';
import { encodeBundle, type BundlePlan, type EncodedBundle } from '../../src/morph/bundle/encode-bundle.ts';
import { frameBundle } from '../../src/morph/bundle/frame-bundle.ts';
import { metadataValue } from '../../src/morph/bundle/parse-bundle-metadata.ts';
import { CANDIDATE_PLANS } from '../../src/morph/codecs/registry.ts';
import type { EncodedSection } from '../../src/morph/codecs/types.ts';
import { LIMITS } from '../../src/morph/constants.ts';
import { semanticDigest } from '../../src/morph/digest/semantic-digest.ts';
import { getGuide } from '../../src/morph/guides/index.ts';
import type { Ir } from '../../src/morph/ir/types.ts';
import { canonicalJson } from '../../src/shared/json/jcs.ts';
import { isJsonObject, JsonNumber, type JsonObject, type JsonValue } from '../../src/shared/json/value.ts';
import { writeJson } from '../../src/shared/json/write-value.ts';
import type { FormatSources } from '../../src/shared/format-registry.ts';
import { artifactMutators, reseal, setAt } from './artifact-mutators.ts';
import { artifactRequest, artifactWithSection, bundleWithSection } from './bundle-golden-cases.ts';
import { bundleInputValue } from './bundle-input-value.ts';
import { bundleMutators } from './bundle-mutators.ts';
import { CODEC_MUTATORS } from './codec-mutators.ts';
import { jsonText } from './json-text.ts';
import { jsonTextIr } from './json-text-ir.ts';
import { nearLimitJsonText } from './near-limit-json-text.ts';
import { recordArrayIr } from './record-array-ir.ts';

const utf8 = (s: string) => new Uint8Array(Buffer.from(s, 'utf8'));

const NATIVE_PLANS = CANDIDATE_PLANS.filter((p) => p.encoding !== 'toon');
const TOON_PLANS = CANDIDATE_PLANS.filter((p) => p.encoding === 'toon');
/** Mostly native plans: toon bundles are slow to encode, and readers without the TOON package skip them. */
const plan = fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...NATIVE_PLANS) }, { weight: 1, arbitrary: fc.constantFrom(...TOON_PLANS) });

/** Number lexemes at the edges a reader's number type loses: 2^53 ± 1, 2^64, the double range, -0. */
const EDGE_LEXEMES = ['9007199254740991', '9007199254740992', '9007199254740993', '-9007199254740993', '18446744073709551615', '18446744073709551616', '1E400', '5e-324', '-0', '1.0', '0.1e-400'];

/** Declared counts at integer widths and just past the node limit (the oracle decides each code). */
const WIDE_COUNTS = ['250000', '250001', '4294967295', '4294967296', '9007199254740993', '18446744073709551616', '1e3', '-1', '01'];

/** A container chain exactly `depth` deep (R-M2 counts containers), arrays and objects mixed. */
function chain(kinds: readonly ('a' | 'o')[], leaf: JsonValue): Ir {
  let v: JsonValue = leaf;
  for (let i = kinds.length - 1; i >= 0; i--) v = kinds[i] === 'a' ? [v] : new Map([['k', v]]);
  return v;
}
const depth64 = fc.array(fc.constantFrom<'a' | 'o'>('a', 'o'), { minLength: LIMITS.MAX_DEPTH, maxLength: LIMITS.MAX_DEPTH }).map((kinds) => chain(kinds, new JsonNumber('0')));

/** The values bundles and artifacts carry: all lexeme forms, record arrays (rows, columns), edge lexemes, depth exactly 64. */
const value: fc.Arbitrary<Ir> = fc.oneof(
  { weight: 4, arbitrary: jsonTextIr() },
  { weight: 3, arbitrary: recordArrayIr() },
  { weight: 2, arbitrary: bundleInputValue() },
  { weight: 1, arbitrary: fc.array(fc.record({ n: fc.constantFrom(...EDGE_LEXEMES).map((l) => new JsonNumber(l)) }), { minLength: 1, maxLength: 3 }).map((rows) => rows.map((r) => new Map<string, JsonValue>([['n', r.n]]))) },
  { weight: 1, arbitrary: depth64 },
);

/** One valid bundle and what it was made from. */
interface Sample {
  readonly value: Ir;
  readonly plan: BundlePlan;
  readonly bundle: EncodedBundle;
}

function encode(v: Ir, p: BundlePlan): EncodedBundle | undefined {
  const b = encodeBundle({ ir: v, inputKind: 'json-text', plan: p, guide: getGuide(p.encoding)! });
  return b.ok ? b.value : undefined;
}

/** A value under a plan; a plan that does not apply falls back to json-compact, which applies to every value within R-M2. */
const sample: fc.Arbitrary<Sample> = fc.tuple(value, plan).map(([v, p]) => {
  const b = encode(v, p);
  if (b !== undefined) return { value: v, plan: p, bundle: b };
  const compact = NATIVE_PLANS[0]!;
  return { value: v, plan: compact, bundle: encode(v, compact)! };
});

/**
 * The json-compact section of `inner` wrapped in one more array: depth 65 when `inner` is 64 deep.
 * The encoder refuses such a value, so the section is written by hand with the wrapped value's digest.
 */
function wrappedSection(inner: Ir): { value: Ir; bundle: EncodedBundle; section: EncodedSection } {
  const b = encode(inner, NATIVE_PLANS[0]!)!;
  const wrapped: Ir = [inner];
  const layout: JsonObject = new Map(b.section.layoutMetadata);
  layout.set('rootKind', 'array');
  layout.set('semanticDigest', semanticDigest(wrapped));
  return { value: wrapped, bundle: b, section: { payload: `[${b.section.payload}]`, layoutMetadata: layout } };
}

/** A bundle carrying `section` for `digest`, framed by hand (the writer refuses values past the limits). */
function framedBundle(b: EncodedBundle, section: EncodedSection, digest: string): string {
  const metadata = canonicalJson(metadataValue({ ...b.metadata, inputSemanticDigest: digest, layoutMetadata: section.layoutMetadata }));
  if (!metadata.ok) throw new Error('layout metadata without a JCS form');
  const framed = frameBundle({ ...b.parts, metadata: metadata.value, payload: section.payload });
  if (!framed.ok) throw new Error(framed.error.code);
  return framed.value.text;
}

/** json-lines sections of exactly 250,000 nodes (root + 249,999 lines) or one more. */
const nodeLimitSection = fc.record({ over: fc.boolean(), item: fc.constantFrom('0', 'null', '1') }).map(({ over, item }) => {
  const items = Array.from({ length: LIMITS.MAX_NODES - 1 + (over ? 1 : 0) }, () => (item === 'null' ? null : new JsonNumber(item)));
  const base = encode([null], NATIVE_PLANS[1]!)!;
  const layout: JsonObject = new Map(base.section.layoutMetadata);
  layout.set('elementCount', new JsonNumber(String(items.length)));
  layout.set('semanticDigest', semanticDigest(items));
  return { value: items as Ir, bundle: base, section: { payload: items.map(() => item).join('\n'), layoutMetadata: layout } };
});

/** Sections just past (or on) a limit: depth 65 (json-compact) and 250,000/250,001 nodes (json-lines). */
const limitSection = fc.oneof({ weight: 4, arbitrary: depth64.map(wrappedSection) }, { weight: 1, arbitrary: nodeLimitSection });

/** The layout count member of a codec, if it has one. */
const COUNT_MEMBER: Record<string, string> = { 'json-lines': 'elementCount', 'rows-delimited': 'rowCount', 'columns-json': 'rowCount', 'path-value': 'recordCount' };

/** A uniform record array every plan applies to (toon included: JS-safe numbers, one member order). */
const RECORDS: Ir = [new Map<string, JsonValue>([['id', 'c1'], ['n', new JsonNumber('1')]]), new Map<string, JsonValue>([['id', 'c2'], ['n', new JsonNumber('2')]])];

/** One way to break a valid sample's section: a codec mutator, or a declared count set to a wide value. */
interface SectionFault {
  readonly requirement: string;
  /** The code the oracle answers with (the oracle decides; this groups the faults). */
  readonly code: string;
  /** The plans it applies to. */
  readonly plans: readonly BundlePlan[];
  readonly mutate: (section: EncodedSection, value: Ir, pick: number) => EncodedSection | undefined;
}

const SECTION_FAULTS: readonly SectionFault[] = [
  ...CODEC_MUTATORS.map((m) => ({
    requirement: m.requirement,
    code: m.code,
    plans: CANDIDATE_PLANS.filter((p) => m.codecs.includes(`${p.encoding}@${p.formatVersion}`)),
    mutate: (section: EncodedSection, v: Ir) => m.mutate(section, v),
  })),
  {
    requirement: 'MORPH-RD-3',
    code: 'declared count at an integer width',
    plans: NATIVE_PLANS.filter((p) => COUNT_MEMBER[p.encoding] !== undefined),
    mutate: (section: EncodedSection, _v: Ir, pick: number) => {
      const layout: JsonObject = new Map(section.layoutMetadata);
      const member = [...layout.keys()].find((k) => Object.values(COUNT_MEMBER).includes(k))!;
      layout.set(member, new JsonNumber(WIDE_COUNTS[pick % WIDE_COUNTS.length]!));
      return { payload: section.payload, layoutMetadata: layout };
    },
  },
];

/** A fault applied to a section of `v` (or, when the fault does not apply to `v`, of RECORDS) under one of its plans. */
interface FaultySection {
  readonly value: Ir;
  readonly plan: BundlePlan;
  readonly section: EncodedSection;
}
function faultySection(fault: SectionFault, v: Ir, pick: number): FaultySection | undefined {
  const p = fault.plans[pick % fault.plans.length]!;
  for (const candidate of [v, RECORDS]) {
    const b = encode(candidate, p);
    const mutated = b === undefined ? undefined : fault.mutate(b.section, candidate, pick);
    // A layout that is not an object is the container's shape fault, not the codec's.
    if (mutated !== undefined && isJsonObject(mutated.layoutMetadata)) return { value: candidate, plan: p, section: mutated };
  }
  return undefined;
}

/**
 * Faults grouped by the requirement they break and the code it answers with; a generated fault picks
 * the group first (each with the same chance), then one of its faults, so a rule with one mutator is
 * reached as often as one with forty marker variants.
 */
function byRequirement<T extends { readonly requirement: string; readonly code: string }>(faults: readonly T[]): T[][] {
  const groups = new Map<string, T[]>();
  for (const f of faults) {
    const key = `${f.requirement} ${f.code}`;
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  return [...groups.values()];
}

const PATH_VALUE = NATIVE_PLANS.find((p) => p.encoding === 'path-value')!;
/** Strings no JSON number lexeme is; the path-value encoder writes whatever lexeme the IR holds. */
const BAD_LEXEMES = ['+1', '01', '.5', '1.', '1e', '-', 'Infinity', 'NaN', '1_000', '0x1F', ' 1', '1 ', '--1', '1e+'];
const SEALED_LEXEME = { requirement: 'MORPH-PV-2', code: 'INVALID_NUMBER_LEXEME (digest sealed)' };

/** The value with a malformed number lexeme added (MORPH-PV-2), the declared digest being the result's own. */
function withBadLexeme(v: Ir, pick: number): Ir {
  const bad = new JsonNumber(BAD_LEXEMES[pick % BAD_LEXEMES.length]!);
  if (Array.isArray(v)) return [...v, bad];
  if (isJsonObject(v) && !v.has('\u0000n')) return new Map([...v, ['\u0000n', bad]]);
  return [v, bad];
}

/** Another value of the same root kind (null has none). */
function otherValueOfKind(v: Ir): Ir | undefined {
  if (Array.isArray(v)) return [...v, null];
  if (isJsonObject(v)) return v.has('\u0000x') ? undefined : new Map([...v, ['\u0000x', null]]);
  if (typeof v === 'string') return `${v}x`;
  if (typeof v === 'boolean') return !v;
  if (v instanceof JsonNumber) return new JsonNumber(v.lexeme === '1' ? '2' : '1');
  return undefined;
}

/**
 * R-M10's last check: a json-compact artifact whose payload holds another value of the same root kind
 * (an item or member more), the layout digest still equal to inputSemanticDigest, resealed; only the
 * digest of the decoded value refuses it. Undefined for a scalar root.
 */
function otherValueResealed(s: Sample): string | undefined {
  const v = s.value;
  const other = otherValueOfKind(v);
  if (other === undefined) return undefined;
  const compact = NATIVE_PLANS[0]!;
  const a = artifactValue({ value: v, plan: compact, bundle: s.bundle });
  return writeArtifact(reseal(setAt(a, '/section/payload', writeJson(other))), false);
}

const BUNDLE_MUTATORS = bundleMutators();
const ARTIFACT_MUTATORS = artifactMutators();

type Fault<S> = { readonly requirement: string; readonly code: string; readonly apply: (s: S, pick: number) => string | Uint8Array | undefined };

/**
 * An arbitrary of invalid inputs: a layer (the container's own faults, or the section's), then a
 * requirement and code within it, then one of its faults, applied to a sample (falling back to
 * `fallback` when the fault does not apply to it).
 */
function invalidInputs<S>(samples: fc.Arbitrary<S>, layers: ReadonlyArray<readonly Fault<S>[]>, fallback: (s: S, pick: number) => string | Uint8Array): fc.Arbitrary<Uint8Array> {
  const grouped = layers.map((faults) => byRequirement(faults));
  return fc.tuple(samples, fc.nat({ max: grouped.length - 1 }), fc.nat({ max: 1 << 20 }), fc.nat({ max: 1 << 16 })).map(([s, layer, g, pick]) => {
    const groups = grouped[layer]!;
    const group = groups[g % groups.length]!;
    const out = group[pick % group.length]!.apply(s, Math.floor(pick / group.length)) ?? fallback(s, pick);
    return typeof out === 'string' ? utf8(out) : out;
  });
}

/** morph.decode: bundles of generated values under every plan; bundle and codec mutators on them. */
export function decodeFuzzSources(): FormatSources {
  const valid = fc.oneof(
    { weight: 12, arbitrary: sample.map((s) => s.bundle.text) },
    { weight: 1, arbitrary: limitSection.map((l) => framedBundle(l.bundle, l.section, l.section.layoutMetadata.get('semanticDigest') as string)) },
  );
  const bundleFaults: Fault<Sample>[] = BUNDLE_MUTATORS.map((m) => ({ requirement: m.requirement, code: m.code, apply: (s: Sample) => m.mutate(s.bundle) }));
  const sectionFaults: Fault<Sample>[] = [
    ...SECTION_FAULTS.map((f) => ({
      requirement: f.requirement,
      code: f.code,
      apply: (s: Sample, pick: number) => {
        const x = faultySection(f, s.value, pick);
        return x === undefined ? undefined : bundleWithSection(x.value, x.plan, x.section);
      },
    })),
    { ...SEALED_LEXEME, apply: (s: Sample, pick: number) => encode(withBadLexeme(s.value, pick), PATH_VALUE)?.text },
  ];
  const fallback = (s: Sample, pick: number) => BUNDLE_MUTATORS[pick % BUNDLE_MUTATORS.length]!.mutate(s.bundle);
  return { valid: valid.map(utf8), invalid: invalidInputs(sample, [bundleFaults, sectionFaults], fallback) };
}

/** An artifact of the sample, written indented (as the writer does) or compact (member layout is free). */
function artifactValue(s: Sample): JsonObject {
  const a = buildArtifact(artifactRequest(s.value, s.plan));
  if (!a.ok) throw new Error(`${s.plan.encoding}: ${a.error.code}`);
  return a.value.value;
}
const writeArtifact = (a: JsonValue, compact: boolean) => (compact ? writeJson(a) : `${writeJson(a, { indent: 2 })}\n`);

/** An artifact whose section is the hand-written limit section, resealed (depth 65, or the node limit). */
function limitArtifact(l: { value: Ir; section: EncodedSection }, compact: boolean): string {
  const plan = l.section.layoutMetadata.has('elementCount') ? NATIVE_PLANS[1]! : NATIVE_PLANS[0]!;
  const a = artifactValue({ value: [null], plan, bundle: encode([null], plan)! });
  const digest = l.section.layoutMetadata.get('semanticDigest') as string;
  const edited = setAt(setAt(setAt(a, '/section/payload', l.section.payload), '/section/layoutMetadata', l.section.layoutMetadata), '/inputSemanticDigest', digest);
  return writeArtifact(reseal(edited), compact);
}

/** morph.import: artifacts of generated values under every plan; artifact mutators and resealed codec mutators on them. */
export function importFuzzSources(): FormatSources {
  const valid = fc.oneof(
    { weight: 12, arbitrary: fc.tuple(sample, fc.boolean()).map(([s, compact]) => writeArtifact(artifactValue(s), compact)) },
    { weight: 1, arbitrary: fc.tuple(limitSection, fc.boolean()).map(([l, compact]) => limitArtifact(l, compact)) },
  );
  const artifactFaults: Fault<Sample>[] = ARTIFACT_MUTATORS.map((m) => ({ requirement: m.requirement, code: m.code, apply: (s: Sample) => m.mutate(artifactValue(s)) }));
  const sectionFaults: Fault<Sample>[] = [
    {
      ...SEALED_LEXEME,
      apply: (s: Sample, pick: number) => {
        const value = withBadLexeme(s.value, pick);
        const b = encode(value, PATH_VALUE);
        return b === undefined ? undefined : writeArtifact(artifactValue({ value, plan: PATH_VALUE, bundle: b }), false);
      },
    },
    { requirement: 'R-M10', code: 'DIGEST_MISMATCH', apply: (s: Sample) => otherValueResealed(s) },
    ...SECTION_FAULTS.map((f) => ({
      requirement: f.requirement,
      code: f.code,
      apply: (s: Sample, pick: number) => {
        const x = faultySection(f, s.value, pick);
        // A layout delimiter other than the plan's is MORPH-ART-7's fault, caught before the codec.
        return x === undefined || x.section.layoutMetadata.get('delimiter') !== x.plan.options.delimiter ? undefined : artifactWithSection(x.value, x.plan, x.section);
      },
    })),
  ];
  const fallback = (s: Sample, pick: number) => ARTIFACT_MUTATORS[pick % ARTIFACT_MUTATORS.length]!.mutate(artifactValue(s));
  return { valid: valid.map(utf8), invalid: invalidInputs(sample, [artifactFaults, sectionFaults], fallback) };
}

/** An encode request (spec/protocol, morph.encode). */
function request(input: string, p: BundlePlan, guide: JsonValue): Map<string, JsonValue> {
  const options = new Map<string, JsonValue>(p.options.delimiter === undefined ? [] : [['delimiter', p.options.delimiter]]);
  return new Map<string, JsonValue>([['input', input], ['plan', new Map<string, JsonValue>([['encoding', p.encoding], ['formatVersion', p.formatVersion], ['options', options]])], ['guide', guide]]);
}
const guide = fc.oneof(fc.constant(null), fc.record({ id: fc.string({ maxLength: 6 }), version: fc.constantFrom('1', '2', ''), text: fc.string({ maxLength: 20 }) }).map((g) => new Map<string, JsonValue>(Object.entries(g))));

/** Request edits that break MORPH-ENC-1's shape, the codec lookup or the options (the oracle gives each code). */
const REQUEST_EDITS: ReadonlyArray<(r: Map<string, JsonValue>) => void> = [
  (r) => r.delete('input'),
  (r) => r.delete('plan'),
  (r) => r.set('extra', null),
  (r) => r.set('input', new JsonNumber('1')),
  (r) => r.set('input', '{"a":'),
  (r) => r.set('input', '\ufeff[]'),
  (r) => r.set('guide', 'g'),
  (r) => r.set('guide', new Map([['id', 'g']])),
  (r) => (r.get('plan') as Map<string, JsonValue>).set('encoding', 'yaml'),
  (r) => (r.get('plan') as Map<string, JsonValue>).set('formatVersion', '2'),
  (r) => (r.get('plan') as Map<string, JsonValue>).set('options', new Map([['indent', new JsonNumber('2')]])),
  (r) => (r.get('plan') as Map<string, JsonValue>).set('options', new Map([['delimiter', ':']])),
  (r) => (r.get('plan') as Map<string, JsonValue>).delete('options'),
  (r) => (r.get('plan') as Map<string, JsonValue>).set('extra', true),
];

/** morph.encode: requests for generated values (and texts at R-M2's bounds) under every plan; shape and plan faults. */
export function encodeFuzzSources(): FormatSources {
  const input = fc.oneof(
    { weight: 6, arbitrary: value.map((v) => writeJson(v)) },
    { weight: 3, arbitrary: jsonText().map((t) => t.text) },
    // Depth 64/65 mostly; the 250,000/250,001-node texts are rare (each is half a megabyte).
    { weight: 1, arbitrary: nearLimitJsonText().map((t) => t.text) },
  );
  const valid = fc.tuple(input, plan, guide).map(([i, p, g]) => writeJson(request(i, p, g)));
  const invalid = fc.tuple(input, plan, guide, fc.nat({ max: REQUEST_EDITS.length - 1 })).map(([i, p, g, which]) => {
    const r = request(i, p, g);
    REQUEST_EDITS[which]!(r);
    return writeJson(r);
  });
  return { valid: valid.map(utf8), invalid: invalid.map(utf8) };
}
