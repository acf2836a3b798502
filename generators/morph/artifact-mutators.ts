/**
 * Mutators for morph-artifact/1 files: each turns a valid artifact into an invalid one and names the
 * rule it breaks and the code the importer must answer with (R-M10 fixes which check answers first).
 * A mutator whose rule is checked before the digests (R-M10) recomputes them afterwards, so a reader
 * that checks only the digests accepts it and the vector tests the rule it names; its `…-unsealed`
 * twin keeps the stale digests and tests R-M10's order (the rule's code answers, not the digest's).
 * Mutators named `…-resealed` recompute the digests too, so the fault reaches a later check.
 */
import { ARTIFACT_LEVELS, LEVEL_POINTERS, checkArtifactShape, type ArtifactLevel } from '../../src/morph/artifact/check-artifact-shape.ts';
import { artifactId, dependenciesDigest, payloadDigest } from '../../src/morph/artifact/artifact-digests.ts';
import { sealArtifact } from '../../src/morph/artifact/seal-artifact.ts';
import { CONTEXT_CODES, CONTEXT_RULES } from '../../src/morph/bundle/constants.ts';
import { requirementProfile } from '../../src/shared/refusals.ts';
import { MORPH_CODES } from '../../src/morph/constants.ts';
import type { Profile } from '../../src/shared/errors.ts';
import { JSON_CODES, JSON_RULES } from '../../src/shared/json/constants.ts';
import { writeJson } from '../../src/shared/json/write-value.ts';
import { isJsonObject, jsonNumber, type JsonObject, type JsonValue } from '../../src/shared/json/value.ts';

/** One artifact mutation and the refusal it must cause. */
export interface ArtifactMutator {
  readonly name: string;
  readonly requirement: string;
  readonly code: string;
  readonly profile: Profile;
  /** Further requirements the vector tests (R-M10 for an unsealed twin). */
  readonly also?: readonly string[];
  /** What the vector's note adds to the mutator's name. */
  readonly note?: string;
  /** From a valid artifact value to the text of an invalid artifact file. */
  readonly mutate: (artifact: JsonObject) => string;
}

const ZERO_DIGEST = '0'.repeat(64);

/** A deep copy (Maps and arrays copied, leaves shared). */
export function cloneJson(v: JsonValue): JsonValue {
  if (Array.isArray(v)) return v.map(cloneJson);
  if (isJsonObject(v)) return new Map([...v].map(([k, x]) => [k, cloneJson(x)]));
  return v;
}

/** Splits a JSON pointer into its unescaped tokens. */
function tokens(pointer: string): string[] {
  return pointer === '' ? [] : pointer.slice(1).split('/').map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** A copy of `a` with `edit` applied to the object at `pointer`. */
export function editAt(a: JsonObject, pointer: string, edit: (o: JsonObject) => void): JsonObject {
  const copy = cloneJson(a) as JsonObject;
  let o: JsonValue = copy;
  for (const t of tokens(pointer)) o = (o as JsonObject).get(t)!;
  edit(o as JsonObject);
  return copy;
}

/** A copy of `a` with the member at `pointer` set to `value`. */
export function setAt(a: JsonObject, pointer: string, value: JsonValue): JsonObject {
  const ts = tokens(pointer);
  const last = ts.pop()!;
  return editAt(a, ts.length ? `/${ts.join('/')}` : '', (o) => o.set(last, value));
}

/** Reads the value at `pointer`. */
export function getAt(a: JsonValue, pointer: string): JsonValue | undefined {
  let o: JsonValue | undefined = a;
  for (const t of tokens(pointer)) o = isJsonObject(o) ? o.get(t) : undefined;
  return o;
}

/** Recomputes payloadDigest, dependenciesDigest and artifactId of a shape-valid artifact. */
export function reseal(a: JsonObject): JsonObject {
  const fields = checkArtifactShape(a);
  if (!fields.ok) throw new Error(`reseal needs a shape-valid artifact: ${fields.error.code}`);
  const sealed = sealArtifact(fields.value);
  if (!sealed.ok) throw new Error(sealed.error.code);
  return sealed.value;
}

/**
 * Recomputes the three digests from the members as they are, without the shape check: for faults the
 * shape check itself refuses (R-M8's task id pattern) but the digests must not give away.
 */
export function resealMembers(a: JsonObject): JsonObject {
  const str = (p: string) => getAt(a, p) as string;
  const obj = (p: string) => getAt(a, p) as JsonObject;
  const pd = payloadDigest(str('/section/payload'));
  const dd = dependenciesDigest(obj('/modelDependencies'));
  if (!dd.ok) throw new Error(dd.error.code);
  const id = artifactId({
    artifactVersion: str('/artifactVersion'),
    inputSemanticDigest: str('/inputSemanticDigest'),
    inputKind: str('/inputKind'),
    plan: obj('/plan'),
    section: { encoding: str('/section/encoding'), formatVersion: str('/section/formatVersion'), interpretationGuideId: str('/section/interpretationGuideId'), layoutMetadata: obj('/section/layoutMetadata') },
    payloadDigest: pd,
    dependenciesDigest: dd.value,
    target: obj('/target'),
    requestFrame: obj('/requestFrame'),
  });
  if (!id.ok) throw new Error(id.error.code);
  return setAt(setAt(setAt(a, '/integrity/payloadDigest', pd), '/integrity/dependenciesDigest', dd.value), '/artifactId', id.value);
}

const write = (a: JsonValue) => writeJson(a, { indent: 2 }) + '\n';

/**
 * A mutator; the profile is its requirement's, except for R-M10 cases: they break core rules (so a core
 * reader must refuse them) and R-M10 only decides which code answers, so they are `core`.
 */
function m(name: string, requirement: string, code: string, mutate: (a: JsonObject) => JsonValue | string): ArtifactMutator {
  const profile = requirement === CONTEXT_RULES.IMPORT_ORDER ? 'core' : requirementProfile(requirement);
  return { name, requirement, code, profile, mutate: (a) => {
    const out = mutate(a);
    return typeof out === 'string' ? out : write(out);
  } };
}

/**
 * A fault checked before the digests (R-M10), twice: resealed under `name` (only the rule refuses it, so
 * a reader that skips the rule but checks digests accepts it), and `<name>-unsealed` with the stale
 * digests, citing R-M10 too (the rule's code answers before the digest's).
 */
function sealedAndUnsealed(name: string, requirement: string, code: string, mutate: (a: JsonObject) => JsonObject): ArtifactMutator[] {
  const sealed = m(name, requirement, code, (a) => resealMembers(mutate(a)));
  const unsealed = m(`${name}-unsealed`, requirement, code, mutate);
  return [
    { ...sealed, note: 'digests resealed: only this rule refuses it' },
    { ...unsealed, also: [CONTEXT_RULES.IMPORT_ORDER], note: 'digests left stale: R-M10 checks this rule before the digests' },
  ];
}

/** A value of the wrong type for a member rule. */
function wrongType(level: ArtifactLevel, member: string): JsonValue {
  if (member === 'dictionaries') return 'none';
  const rule = (ARTIFACT_LEVELS[level] as Record<string, { what: string }>)[member]!;
  return rule.what === 'a JSON object' ? 'x' : jsonNumber(1);
}

/** Shape mutators generated from the member rules: unknown, missing and mistyped at every level. */
function shapeMutators(): ArtifactMutator[] {
  const out: ArtifactMutator[] = [];
  for (const [level, rules] of Object.entries(ARTIFACT_LEVELS) as Array<[ArtifactLevel, Record<string, { optional?: boolean; what: string }>]>) {
    const pointer = LEVEL_POINTERS[level];
    const rule = level === 'target' || level === 'task' ? CONTEXT_RULES.TASK_TARGET : CONTEXT_RULES.ARTIFACT_SHAPE;
    out.push(m(`unknown-member-${level}`, rule, CONTEXT_CODES.ARTIFACT_UNKNOWN_MEMBER, (a) => editAt(a, pointer, (o) => o.set('extra', null))));
    for (const [member, r] of Object.entries(rules)) {
      if (!r.optional) out.push(m(`missing-${level}-${member}`, rule, CONTEXT_CODES.ARTIFACT_MISSING_MEMBER, (a) => editAt(a, pointer, (o) => o.delete(member))));
      if (member !== 'schema') out.push(m(`mistyped-${level}-${member}`, rule, CONTEXT_CODES.ARTIFACT_INVALID_MEMBER, (a) => editAt(a, pointer, (o) => o.set(member, wrongType(level, member)))));
    }
  }
  return out;
}

/** Every artifact mutator. */
export function artifactMutators(): ArtifactMutator[] {
  const R = CONTEXT_RULES;
  const C = CONTEXT_CODES;
  return [
    m('not-json', R.ARTIFACT_JSON, JSON_CODES.SYNTAX, (a) => write(a).slice(0, -3)),
    m('byte-order-mark', JSON_RULES.STRICT, JSON_CODES.BOM, (a) => `\ufeff${write(a)}`),
    m('duplicate-member', JSON_RULES.STRICT, JSON_CODES.DUPLICATE_MEMBER, (a) => write(a).replace('{\n', '{\n  "dependencyMode": "self-contained",\n')),
    m('root-array', R.ARTIFACT_SHAPE, C.ARTIFACT_NOT_OBJECT, (a) => [a]),
    ...shapeMutators(),
    m('artifact-id-uppercase', R.ARTIFACT_SHAPE, C.ARTIFACT_INVALID_MEMBER, (a) => setAt(a, '/artifactId', (a.get('artifactId') as string).toUpperCase().replace(/[0-9]/g, 'A'))),
    m('input-digest-short', R.ARTIFACT_SHAPE, C.ARTIFACT_INVALID_MEMBER, (a) => setAt(a, '/inputSemanticDigest', '00')),
    m('input-kind-unknown', R.ARTIFACT_SHAPE, C.ARTIFACT_INVALID_MEMBER, (a) => setAt(a, '/inputKind', 'yaml-text')),
    m('planner-policy-unknown', R.ARTIFACT_SHAPE, C.ARTIFACT_INVALID_MEMBER, (a) => setAt(a, '/plan/plannerPolicy', 'fastest')),
    ...sealedAndUnsealed('task-id-pattern', R.TASK_TARGET, C.ARTIFACT_INVALID_MEMBER, (a) => setAt(a, '/requestFrame/task/id', 'Bad Id')),
    m('task-instruction-empty', R.TASK_TARGET, C.ARTIFACT_INVALID_MEMBER, (a) => setAt(a, '/requestFrame/task/instruction', '')),
    m('target-model-empty', R.TASK_TARGET, C.ARTIFACT_INVALID_MEMBER, (a) => setAt(a, '/target/model', '')),
    m('target-tokenizer-empty', R.TASK_TARGET, C.ARTIFACT_INVALID_MEMBER, (a) => setAt(a, '/target/tokenizer', '')),
    m('unknown-member-and-bad-version', R.IMPORT_ORDER, C.ARTIFACT_UNKNOWN_MEMBER, (a) => setAt(setAt(a, '/artifactVersion', 'morph-artifact/2'), '/integrity/extra', null)),
    m('artifact-version-2', R.ARTIFACT_VERSIONS, C.UNSUPPORTED_ARTIFACT_VERSION, (a) => setAt(a, '/artifactVersion', 'morph-artifact/2')),
    m('dependency-mode-external', R.ARTIFACT_VERSIONS, C.UNSUPPORTED_DEPENDENCY_MODE, (a) => setAt(a, '/dependencyMode', 'external')),
    ...sealedAndUnsealed('template-version-2', R.ARTIFACT_VERSIONS, C.UNSUPPORTED_TEMPLATE_VERSION, (a) => setAt(a, '/requestFrame/templateVersion', 'morph-prompt/2')),
    m('algorithm-sha512', R.ARTIFACT_VERSIONS, C.UNSUPPORTED_INTEGRITY_ALGORITHM, (a) => setAt(a, '/integrity/algorithm', 'sha512')),
    m('canonicalization-2', R.ARTIFACT_VERSIONS, C.UNSUPPORTED_CANONICALIZATION, (a) => setAt(a, '/integrity/canonicalizationVersion', 'morph-c14n/2')),
    m('bad-version-and-dictionaries', R.IMPORT_ORDER, C.UNSUPPORTED_DEPENDENCY_MODE, (a) => setAt(setAt(a, '/dependencyMode', 'external'), '/modelDependencies/dictionaries', [])),
    m('dictionaries-empty', R.ARTIFACT_DICTIONARIES, C.UNSUPPORTED_ARTIFACT_DEPENDENCY, (a) => reseal(setAt(a, '/modelDependencies/dictionaries', []))),
    m('dictionaries-unsealed', R.ARTIFACT_DICTIONARIES, C.UNSUPPORTED_ARTIFACT_DEPENDENCY, (a) => setAt(a, '/modelDependencies/dictionaries', [new Map([['x', 'y']])])),
    ...sealedAndUnsealed('section-encoding-differs', R.ARTIFACT_AGREEMENT, C.PLAN_SECTION_MISMATCH, (a) => setAt(a, '/section/encoding', `${getAt(a, '/section/encoding') as string}-renamed`)),
    m('plan-format-version-differs', R.ARTIFACT_AGREEMENT, C.PLAN_SECTION_MISMATCH, (a) => setAt(a, '/plan/formatVersion', '2')),
    ...sealedAndUnsealed('section-guide-id-differs', R.GUIDE_AGREEMENT, C.GUIDE_ID_MISMATCH, (a) => setAt(a, '/section/interpretationGuideId', 'morph-guide/other')),
    ...sealedAndUnsealed('dependencies-guide-id-differs', R.GUIDE_AGREEMENT, C.GUIDE_ID_MISMATCH, (a) => setAt(a, '/modelDependencies/interpretationGuideId', 'morph-guide/other')),
    m('encoding-unregistered', R.ARTIFACT_CODEC, MORPH_CODES.UNSUPPORTED_ENCODING, (a) => setAt(setAt(a, '/plan/encoding', 'yaml'), '/section/encoding', 'yaml')),
    m('format-version-unregistered', R.ARTIFACT_CODEC, MORPH_CODES.UNSUPPORTED_ENCODING, (a) => setAt(setAt(a, '/plan/formatVersion', '9'), '/section/formatVersion', '9')),
    ...sealedAndUnsealed('plan-options-unknown', R.ARTIFACT_OPTIONS, MORPH_CODES.INVALID_CODEC_OPTIONS, (a) => setAt(a, '/plan/options', new Map([['indent', jsonNumber(2)]]))),
    m('payload-changed', R.ARTIFACT_INTEGRITY, C.INTEGRITY_MISMATCH, (a) => setAt(a, '/section/payload', `${getAt(a, '/section/payload') as string} `)),
    m('payload-digest-changed', R.ARTIFACT_INTEGRITY, C.INTEGRITY_MISMATCH, (a) => setAt(a, '/integrity/payloadDigest', ZERO_DIGEST)),
    m('dependencies-digest-changed', R.ARTIFACT_INTEGRITY, C.INTEGRITY_MISMATCH, (a) => setAt(a, '/integrity/dependenciesDigest', ZERO_DIGEST)),
    m('artifact-id-changed', R.ARTIFACT_INTEGRITY, C.INTEGRITY_MISMATCH, (a) => setAt(a, '/artifactId', ZERO_DIGEST)),
    m('guide-text-changed', R.ARTIFACT_INTEGRITY, C.INTEGRITY_MISMATCH, (a) => setAt(a, '/modelDependencies/interpretationGuideText', 'other guide')),
    m('guide-version-changed', R.ARTIFACT_INTEGRITY, C.INTEGRITY_MISMATCH, (a) => setAt(a, '/modelDependencies/interpretationGuideVersion', '2')),
    m('schema-added', R.ARTIFACT_INTEGRITY, C.INTEGRITY_MISMATCH, (a) => setAt(a, '/modelDependencies/schema', new Map([['type', 'object']]))),
    m('target-model-changed', R.ARTIFACT_INTEGRITY, C.INTEGRITY_MISMATCH, (a) => setAt(a, '/target/model', 'other-model')),
    m('target-tokenizer-changed', R.ARTIFACT_INTEGRITY, C.INTEGRITY_MISMATCH, (a) => setAt(a, '/target/tokenizer', 'cl100k_base-x')),
    m('prefix-changed', R.ARTIFACT_INTEGRITY, C.INTEGRITY_MISMATCH, (a) => setAt(a, '/requestFrame/prefix', 'changed')),
    m('suffix-changed', R.ARTIFACT_INTEGRITY, C.INTEGRITY_MISMATCH, (a) => setAt(a, '/requestFrame/suffix', 'changed')),
    m('task-id-changed', R.ARTIFACT_INTEGRITY, C.INTEGRITY_MISMATCH, (a) => setAt(a, '/requestFrame/task/id', 'other.task')),
    m('task-instruction-changed', R.ARTIFACT_INTEGRITY, C.INTEGRITY_MISMATCH, (a) => setAt(a, '/requestFrame/task/instruction', 'Do something else.')),
    m('planner-policy-changed', R.ARTIFACT_INTEGRITY, C.INTEGRITY_MISMATCH, (a) => setAt(a, '/plan/plannerPolicy', getAt(a, '/plan/plannerPolicy') === 'validated' ? 'compatibility' : 'validated')),
    m('input-digest-changed', R.ARTIFACT_INTEGRITY, C.INTEGRITY_MISMATCH, (a) => setAt(a, '/inputSemanticDigest', ZERO_DIGEST)),
    m('input-kind-changed', R.ARTIFACT_INTEGRITY, C.INTEGRITY_MISMATCH, (a) => setAt(a, '/inputKind', getAt(a, '/inputKind') === 'js-value' ? 'json-text' : 'js-value')),
    m('layout-member-changed', R.ARTIFACT_INTEGRITY, C.INTEGRITY_MISMATCH, (a) => setAt(a, '/section/layoutMetadata/semanticDigest', ZERO_DIGEST)),
    m('input-digest-resealed', R.IMPORT_ORDER, MORPH_CODES.DIGEST_MISMATCH, (a) => reseal(setAt(a, '/inputSemanticDigest', ZERO_DIGEST))),
    m('input-kind-resealed', R.IMPORT_ORDER, MORPH_CODES.INPUT_KIND_MISMATCH, (a) => reseal(setAt(a, '/inputKind', getAt(a, '/inputKind') === 'js-value' ? 'json-text' : 'js-value'))),
    m('layout-unknown-member-resealed', R.IMPORT_ORDER, MORPH_CODES.LAYOUT_UNKNOWN_MEMBER, (a) => reseal(editAt(a, '/section/layoutMetadata', (o) => o.set('extra', null)))),
  ];
}
