/**
 * Import stage 1 (R-M10): closed shapes at every level of a morph-artifact/1 object: no unknown
 * member, no missing one, every member of its type (seed 001, R-M8). Values of fixed strings are the
 * next stage's concern; here they only have to be strings.
 */
import { fail, ok, type Profile, type Result } from '../../shared/errors.ts';
import { appendPointer } from '../../shared/json/pointer.ts';
import { isJsonArray, isJsonObject, type JsonObject, type JsonValue } from '../../shared/json/value.ts';
import { INPUT_KINDS, type InputKind } from '../constants.ts';
import { ARTIFACT, CONTEXT_CODES, CONTEXT_RULES, DIGEST_PATTERN, type PlannerPolicy } from '../bundle/constants.ts';
import { enforces, morphError } from '../refusal.ts';

/** A checked artifact: every level's members, typed. Objects stay JSON (options, layoutMetadata, schema). */
export interface ArtifactFields {
  readonly root: JsonObject;
  readonly artifactVersion: string;
  readonly artifactId: string;
  readonly inputSemanticDigest: string;
  readonly inputKind: InputKind;
  readonly plan: { readonly encoding: string; readonly formatVersion: string; readonly options: JsonObject; readonly plannerPolicy: PlannerPolicy };
  readonly section: {
    readonly encoding: string;
    readonly formatVersion: string;
    readonly payload: string;
    readonly layoutMetadata: JsonObject;
    readonly interpretationGuideId: string;
  };
  readonly modelDependencies: {
    readonly object: JsonObject;
    readonly schema?: JsonValue;
    readonly dictionaries?: JsonValue[];
    readonly interpretationGuideId: string;
    readonly interpretationGuideVersion: string;
    readonly interpretationGuideText: string;
  };
  readonly dependencyMode: string;
  /** Strings under `strict` (R-M8); under `core` any JSON value, or undefined when absent. */
  readonly target: { readonly model: JsonValue | undefined; readonly tokenizer: JsonValue | undefined };
  readonly requestFrame: {
    /** `id` as `target`'s members; `instruction` is a string in both profiles (MORPH-PROMPT-1). */
    readonly task: { readonly id: JsonValue | undefined; readonly instruction: string };
    readonly prefix: string;
    readonly suffix: string;
    readonly templateVersion: string;
  };
  readonly integrity: { readonly payloadDigest: string; readonly dependenciesDigest: string; readonly algorithm: string; readonly canonicalizationVersion: string };
}

/** The test a member's value must pass, and what it must be, for the message. */
interface MemberRule {
  readonly optional?: boolean;
  readonly what: string;
  readonly test: (v: JsonValue) => boolean;
}

const isString = (v: JsonValue) => typeof v === 'string';
const string: MemberRule = { what: 'a string', test: isString };
const nonEmpty: MemberRule = { what: 'a non-empty string', test: (v) => typeof v === 'string' && v.length > 0 };
const digest: MemberRule = { what: '64 lowercase hex digits', test: (v) => typeof v === 'string' && DIGEST_PATTERN.test(v) };
const object: MemberRule = { what: 'a JSON object', test: isJsonObject };
const oneOf = (allowed: readonly string[]): MemberRule => ({ what: `one of ${allowed.join(', ')}`, test: (v) => typeof v === 'string' && allowed.includes(v) });

/** Member rules of every level, in the order members are checked (seed 001's order). */
export const ARTIFACT_LEVELS = {
  envelope: {
    artifactVersion: string,
    artifactId: digest,
    inputSemanticDigest: digest,
    inputKind: oneOf(INPUT_KINDS),
    plan: object,
    section: object,
    modelDependencies: object,
    dependencyMode: string,
    target: object,
    requestFrame: object,
    integrity: object,
  },
  plan: { encoding: string, formatVersion: string, options: object, plannerPolicy: oneOf(ARTIFACT.PLANNER_POLICIES) },
  section: { encoding: string, formatVersion: string, payload: string, layoutMetadata: object, interpretationGuideId: string },
  modelDependencies: {
    schema: { optional: true, what: 'any JSON value', test: () => true },
    dictionaries: { optional: true, what: 'an array', test: isJsonArray },
    interpretationGuideId: string,
    interpretationGuideVersion: string,
    interpretationGuideText: string,
  },
  // R-M8: TargetProfile and MorphTask are closed objects of non-empty strings (task id by pattern).
  target: { model: nonEmpty, tokenizer: nonEmpty },
  requestFrame: { task: object, prefix: string, suffix: string, templateVersion: string },
  task: { id: { what: 'a task id ([a-z0-9][a-z0-9.-]*)', test: (v) => typeof v === 'string' && ARTIFACT.TASK_ID_PATTERN.test(v) }, instruction: nonEmpty },
  integrity: { payloadDigest: digest, dependenciesDigest: digest, algorithm: string, canonicalizationVersion: string },
} satisfies Record<string, Record<string, MemberRule>>;

/** A level of the artifact tree that has its own member rules. */
export type ArtifactLevel = keyof typeof ARTIFACT_LEVELS;

/** The JSON pointer of each nested level. */
export const LEVEL_POINTERS: Readonly<Record<ArtifactLevel, string>> = {
  envelope: '',
  plan: '/plan',
  section: '/section',
  modelDependencies: '/modelDependencies',
  target: '/target',
  requestFrame: '/requestFrame',
  task: '/requestFrame/task',
  integrity: '/integrity',
};

// R-M8 pins the target and task levels; the other levels follow the document's closed-shape rule.
const levelRule = (level: ArtifactLevel) => (level === 'target' || level === 'task' ? CONTEXT_RULES.TASK_TARGET : CONTEXT_RULES.ARTIFACT_SHAPE);

/** Checks one level: unknown members first (document order), then missing ones, then each member's type. */
function checkLevel(value: JsonValue | undefined, level: ArtifactLevel): Result<JsonObject> {
  const pointer = LEVEL_POINTERS[level];
  const rules: Record<string, MemberRule> = ARTIFACT_LEVELS[level];
  const refuse = (code: string, message: string, at: string, member?: string): Result<never> =>
    fail(morphError(code, levelRule(level), message, member === undefined ? { pointer: at } : { pointer: at, member }));
  if (!isJsonObject(value)) {
    return level === 'envelope'
      ? fail(morphError(CONTEXT_CODES.ARTIFACT_NOT_OBJECT, CONTEXT_RULES.ARTIFACT_SHAPE, 'the artifact is not a JSON object', { pointer }))
      : refuse(CONTEXT_CODES.ARTIFACT_INVALID_MEMBER, `${pointer} is not a JSON object`, pointer);
  }
  for (const key of value.keys()) {
    if (!Object.hasOwn(rules, key)) return refuse(CONTEXT_CODES.ARTIFACT_UNKNOWN_MEMBER, `unknown member ${JSON.stringify(key)}`, appendPointer(pointer, key), key);
  }
  for (const [key, rule] of Object.entries(rules)) {
    if (!rule.optional && !value.has(key)) return refuse(CONTEXT_CODES.ARTIFACT_MISSING_MEMBER, `member ${key} is missing`, appendPointer(pointer, key), key);
  }
  for (const [key, rule] of Object.entries(rules)) {
    const v = value.get(key);
    if (v !== undefined && !rule.test(v)) return refuse(CONTEXT_CODES.ARTIFACT_INVALID_MEMBER, `member ${key} must be ${rule.what}`, appendPointer(pointer, key), key);
  }
  return ok(value);
}

/**
 * Core reading of the task level (R-M8 not enforced): any members, but the instruction the prompt's
 * TASK section is made of is a string (MORPH-PROMPT-1, core: an artifact can always give its prompt).
 */
function checkCoreTask(task: JsonObject): Result<JsonObject> {
  const pointer = `${LEVEL_POINTERS.task}/instruction`;
  const instruction = task.get('instruction');
  if (instruction === undefined) return fail(morphError(CONTEXT_CODES.ARTIFACT_MISSING_MEMBER, CONTEXT_RULES.PROMPT_LAYOUT, 'member instruction is missing: it is the prompt\'s TASK section', { pointer, member: 'instruction' }));
  if (typeof instruction !== 'string') return fail(morphError(CONTEXT_CODES.ARTIFACT_INVALID_MEMBER, CONTEXT_RULES.PROMPT_LAYOUT, 'member instruction must be a string: it is the prompt\'s TASK section', { pointer, member: 'instruction' }));
  return ok(task);
}

/**
 * Stage 1: the whole tree's shapes; the first fault in level order wins. Under `core` the target
 * and task levels are only objects (R-M8 is strict), and a task's instruction a string.
 */
export function checkArtifactShape(value: JsonValue, profile: Profile = 'strict'): Result<ArtifactFields> {
  const root = checkLevel(value, 'envelope');
  if (!root.ok) return root;
  const r = root.value;
  // R-M8 (strict) closes target and task; the envelope and requestFrame levels already make them objects.
  const taskTargetEnforced = enforces(profile, CONTEXT_CODES.ARTIFACT_UNKNOWN_MEMBER, CONTEXT_RULES.TASK_TARGET);
  const levels: Partial<Record<ArtifactLevel, JsonObject>> = { envelope: r };
  for (const level of ['plan', 'section', 'modelDependencies', 'target', 'requestFrame'] as const) {
    if (level === 'target' && !taskTargetEnforced) {
      levels.target = r.get('target') as JsonObject;
      continue;
    }
    const checked = checkLevel(r.get(level), level);
    if (!checked.ok) return checked;
    levels[level] = checked.value;
  }
  const rawTask = levels.requestFrame!.get('task');
  const task = taskTargetEnforced ? checkLevel(rawTask, 'task') : checkCoreTask(rawTask as JsonObject);
  if (!task.ok) return task;
  const integrity = checkLevel(r.get('integrity'), 'integrity');
  if (!integrity.ok) return integrity;
  const s = (o: JsonObject, k: string) => o.get(k) as string;
  const plan = levels.plan!;
  const section = levels.section!;
  const deps = levels.modelDependencies!;
  const target = levels.target!;
  const frame = levels.requestFrame!;
  const i = integrity.value;
  return ok({
    root: r,
    artifactVersion: s(r, 'artifactVersion'),
    artifactId: s(r, 'artifactId'),
    inputSemanticDigest: s(r, 'inputSemanticDigest'),
    inputKind: s(r, 'inputKind') as InputKind,
    plan: { encoding: s(plan, 'encoding'), formatVersion: s(plan, 'formatVersion'), options: plan.get('options') as JsonObject, plannerPolicy: s(plan, 'plannerPolicy') as PlannerPolicy },
    section: {
      encoding: s(section, 'encoding'),
      formatVersion: s(section, 'formatVersion'),
      payload: s(section, 'payload'),
      layoutMetadata: section.get('layoutMetadata') as JsonObject,
      interpretationGuideId: s(section, 'interpretationGuideId'),
    },
    modelDependencies: {
      object: deps,
      ...(deps.has('schema') ? { schema: deps.get('schema')! } : {}),
      ...(deps.has('dictionaries') ? { dictionaries: deps.get('dictionaries') as JsonValue[] } : {}),
      interpretationGuideId: s(deps, 'interpretationGuideId'),
      interpretationGuideVersion: s(deps, 'interpretationGuideVersion'),
      interpretationGuideText: s(deps, 'interpretationGuideText'),
    },
    dependencyMode: s(r, 'dependencyMode'),
    target: { model: target.get('model'), tokenizer: target.get('tokenizer') },
    requestFrame: {
      task: { id: task.value.get('id'), instruction: s(task.value, 'instruction') },
      prefix: s(frame, 'prefix'),
      suffix: s(frame, 'suffix'),
      templateVersion: s(frame, 'templateVersion'),
    },
    integrity: { payloadDigest: s(i, 'payloadDigest'), dependenciesDigest: s(i, 'dependenciesDigest'), algorithm: s(i, 'algorithm'), canonicalizationVersion: s(i, 'canonicalizationVersion') },
  });
}
