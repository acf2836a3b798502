/**
 * Every structural string, limit and error code of MORPH part 2: the MORPH-CONTEXT/1 bundle, the
 * MORPH-PROMPT/1 prompt, the morph-artifact/1 envelope, the source map and the planner
 * (spec/morph/context.md). The codec layer's own constants live in src/morph/constants.ts.
 */
import type { ArtifactIntegrity, ArtifactModelDependencies, ArtifactPlan, ArtifactRequestFrame, ArtifactSection, ArtifactTarget, ArtifactTask, MorphArtifact } from '../../generated/morph/artifact.schema.ts';
import type { SameUnion } from '../../shared/same-union.ts';

/** MORPH-CONTEXT/1 framing (seed 001, R-M4, R-M6). */
export const BUNDLE = {
  VERSION: 'MORPH-CONTEXT/1',
  /** Header line: the version, one space, the boundary, LF. */
  HEADER_PREFIX: 'MORPH-CONTEXT/1 ',
  BOUNDARY_HEX_DIGITS: 24,
  BOUNDARY_SEED: 'morph-boundary/1',
  MAX_ATTEMPTS: 1024,
  MARKER_OPEN: '<<<MORPH:',
  MARKER_CLOSE: '>>>',
  /** Sections in canonical order. */
  SECTIONS: ['GUIDE', 'METADATA', 'SCHEMA', 'PAYLOAD'] as const,
  /** Bundle allocation bound in UTF-8 bytes (16 MiB). */
  MAX_BYTES: 16 * 1024 * 1024,
  LF: '\n',
  CR: '\r',
  /** Separator between the hashed parts of a boundary attempt. */
  NUL: '\u0000',
} as const;
/**
 * The morph.encode request bound in bytes (64 MiB, MORPH-ENC-1): the artifact's bound, for the same
 * reason — a 16 MiB input escaped as a JSON string, plus the guide.
 */
export const ENCODE_REQUEST_MAX_BYTES = 64 * 1024 * 1024;

/** A bundle section name. */
export type BundleSection = (typeof BUNDLE.SECTIONS)[number];

/** MORPH-PROMPT/1 framing (seed 001, R-M5). */
export const PROMPT = {
  VERSION: 'MORPH-PROMPT/1',
  HEADER_PREFIX: 'MORPH-PROMPT/1 ',
  BOUNDARY_HEX_DIGITS: 20,
  BOUNDARY_SEED: 'morph-prompt-boundary/1',
  MAX_ATTEMPTS: 1024,
  MARKER_OPEN: '<<<MORPH-PROMPT:',
  MARKER_CLOSE: '>>>',
  SECTIONS: ['PREFIX', 'SELF-CONTAINED-BUNDLE', 'TASK', 'SUFFIX'] as const,
  TEMPLATE_VERSION: 'morph-prompt/1',
} as const;
/** A prompt section name. */
export type PromptSection = (typeof PROMPT.SECTIONS)[number];

/** morph-artifact/1 fixed strings (seed 001, R-M8…R-M10). */
export const ARTIFACT = {
  VERSION: 'morph-artifact/1',
  DEPENDENCY_MODE: 'self-contained',
  ALGORITHM: 'sha256',
  CANONICALIZATION_VERSION: 'morph-c14n/1',
  PLANNER_POLICIES: ['compatibility', 'economy-experimental', 'validated'] as const,
  /** R-M8: a task id. */
  TASK_ID_PATTERN: /^[a-z0-9][a-z0-9.-]*$/,
} as const;
/** A planner policy (R-M15). */
export type PlannerPolicy = (typeof ARTIFACT.PLANNER_POLICIES)[number];

/**
 * MORPH-ART-2's members of every artifact level, in the order the artifact writer emits them (any
 * order is valid to read: R-M11b). `modelDependencies.dictionaries` is never written (MORPH-ART-4
 * refuses a non-empty one) but has its place, last, for tools that put a read artifact in order.
 */
export const ARTIFACT_MEMBER_ORDER = {
  envelope: ['artifactVersion', 'artifactId', 'inputSemanticDigest', 'inputKind', 'plan', 'section', 'modelDependencies', 'dependencyMode', 'target', 'requestFrame', 'integrity'],
  plan: ['encoding', 'formatVersion', 'options', 'plannerPolicy'],
  section: ['encoding', 'formatVersion', 'payload', 'layoutMetadata', 'interpretationGuideId'],
  modelDependencies: ['schema', 'interpretationGuideId', 'interpretationGuideVersion', 'interpretationGuideText', 'dictionaries'],
  target: ['model', 'tokenizer'],
  requestFrame: ['task', 'prefix', 'suffix', 'templateVersion'],
  task: ['id', 'instruction'],
  integrity: ['payloadDigest', 'dependenciesDigest', 'algorithm', 'canonicalizationVersion'],
} as const;
/** A level of the artifact tree with its own member list. */
export type ArtifactMemberLevel = keyof typeof ARTIFACT_MEMBER_ORDER;

type LevelMembers<L extends ArtifactMemberLevel> = (typeof ARTIFACT_MEMBER_ORDER)[L][number];
// Each level's list is bound to spec/schemas/morph/artifact.schema.json: a schema edit not followed here
// fails the typecheck. The schema leaves out `dictionaries`, which no version-1 artifact may hold.
const ARTIFACT_LEVELS_MATCH_SCHEMA: readonly true[] = [
  true satisfies SameUnion<LevelMembers<'envelope'>, keyof MorphArtifact>,
  true satisfies SameUnion<LevelMembers<'plan'>, keyof ArtifactPlan>,
  true satisfies SameUnion<LevelMembers<'section'>, keyof ArtifactSection>,
  true satisfies SameUnion<Exclude<LevelMembers<'modelDependencies'>, 'dictionaries'>, keyof ArtifactModelDependencies>,
  true satisfies SameUnion<LevelMembers<'target'>, keyof ArtifactTarget>,
  true satisfies SameUnion<LevelMembers<'requestFrame'>, keyof ArtifactRequestFrame>,
  true satisfies SameUnion<LevelMembers<'task'>, keyof ArtifactTask>,
  true satisfies SameUnion<LevelMembers<'integrity'>, keyof ArtifactIntegrity>,
];
void ARTIFACT_LEVELS_MATCH_SCHEMA;

/** 64 lowercase hex digits: every SHA-256 digest of the format. */
export const DIGEST_PATTERN = /^[0-9a-f]{64}$/;

/** morph-source-map/1 fixed strings (seed 001, R-M16). */
export const SOURCE_MAP = {
  FORMAT: 'morph-source-map/1',
  ENCODING: 'json-compact',
  OFFSET_UNIT: 'utf16-code-units',
} as const;

/** Tokenizers the planner can load (MORPH-PLAN-1); each ships inside gpt-tokenizer 4.0.0. */
export const TOKENIZERS = ['o200k_base', 'cl100k_base'] as const;
/** A tokenizer the planner can load. */
export type TokenizerName = (typeof TOKENIZERS)[number];

/** Error codes of part 2 (registered in spec/morph/error-codes-context.json). */
export const CONTEXT_CODES = {
  BUNDLE_INVALID_UTF8: 'BUNDLE_INVALID_UTF8',
  BUNDLE_HEADER: 'BUNDLE_HEADER',
  BUNDLE_MARKER_MISSING: 'BUNDLE_MARKER_MISSING',
  BUNDLE_MARKER_DUPLICATE: 'BUNDLE_MARKER_DUPLICATE',
  BUNDLE_TRAILING_DATA: 'BUNDLE_TRAILING_DATA',
  BUNDLE_LAYOUT: 'BUNDLE_LAYOUT',
  BUNDLE_METADATA_INVALID: 'BUNDLE_METADATA_INVALID',
  BUNDLE_METADATA_NOT_CANONICAL: 'BUNDLE_METADATA_NOT_CANONICAL',
  BUNDLE_SCHEMA_INVALID: 'BUNDLE_SCHEMA_INVALID',
  BUNDLE_SCHEMA_NOT_CANONICAL: 'BUNDLE_SCHEMA_NOT_CANONICAL',
  BOUNDARY_EXHAUSTED: 'BOUNDARY_EXHAUSTED',
  PROMPT_BOUNDARY_EXHAUSTED: 'PROMPT_BOUNDARY_EXHAUSTED',
  ARTIFACT_NOT_OBJECT: 'ARTIFACT_NOT_OBJECT',
  ARTIFACT_UNKNOWN_MEMBER: 'ARTIFACT_UNKNOWN_MEMBER',
  ARTIFACT_MISSING_MEMBER: 'ARTIFACT_MISSING_MEMBER',
  ARTIFACT_INVALID_MEMBER: 'ARTIFACT_INVALID_MEMBER',
  UNSUPPORTED_ARTIFACT_VERSION: 'UNSUPPORTED_ARTIFACT_VERSION',
  UNSUPPORTED_DEPENDENCY_MODE: 'UNSUPPORTED_DEPENDENCY_MODE',
  UNSUPPORTED_TEMPLATE_VERSION: 'UNSUPPORTED_TEMPLATE_VERSION',
  UNSUPPORTED_INTEGRITY_ALGORITHM: 'UNSUPPORTED_INTEGRITY_ALGORITHM',
  UNSUPPORTED_CANONICALIZATION: 'UNSUPPORTED_CANONICALIZATION',
  UNSUPPORTED_ARTIFACT_DEPENDENCY: 'UNSUPPORTED_ARTIFACT_DEPENDENCY',
  PLAN_SECTION_MISMATCH: 'PLAN_SECTION_MISMATCH',
  GUIDE_ID_MISMATCH: 'GUIDE_ID_MISMATCH',
  INTEGRITY_MISMATCH: 'INTEGRITY_MISMATCH',
  ENCODE_REQUEST_INVALID: 'ENCODE_REQUEST_INVALID',
  UNKNOWN_GUIDE: 'UNKNOWN_GUIDE',
  UNSUPPORTED_TOKENIZER: 'UNSUPPORTED_TOKENIZER',
  UNKNOWN_PLANNER_POLICY: 'UNKNOWN_PLANNER_POLICY',
  NO_QUALITY_EVIDENCE: 'NO_QUALITY_EVIDENCE',
  NO_APPLICABLE_CANDIDATE: 'NO_APPLICABLE_CANDIDATE',
} as const;
/** An error code of part 2. */
export type ContextCode = (typeof CONTEXT_CODES)[keyof typeof CONTEXT_CODES];

/** Requirement ids cited by part 2 (spec/morph/context.md). */
export const CONTEXT_RULES = {
  BUNDLE_TEXT: 'MORPH-CTX-1',
  BUNDLE_HEADER: 'MORPH-CTX-2',
  BUNDLE_MARKERS: 'MORPH-CTX-3',
  BUNDLE_FINAL: 'MORPH-CTX-4',
  BUNDLE_SIZE: 'MORPH-CTX-5',
  BUNDLE_METADATA: 'MORPH-CTX-6',
  BUNDLE_SCHEMA: 'MORPH-CTX-7',
  BUNDLE_CODEC: 'MORPH-CTX-8',
  BUNDLE_BOUNDARY: 'R-M4',
  BUNDLE_LAYOUT: 'R-M6',
  BUNDLE_CANONICAL: 'R-M6a',
  PROMPT_BOUNDARY: 'R-M5',
  PROMPT_LAYOUT: 'MORPH-PROMPT-1',
  PROMPT_VALUES: 'MORPH-PROMPT-2',
  ARTIFACT_JSON: 'MORPH-ART-1',
  ARTIFACT_SHAPE: 'MORPH-ART-2',
  ARTIFACT_VERSIONS: 'MORPH-ART-3',
  ARTIFACT_DICTIONARIES: 'MORPH-ART-4',
  ARTIFACT_AGREEMENT: 'MORPH-ART-5',
  ARTIFACT_CODEC: 'MORPH-ART-6',
  ARTIFACT_OPTIONS: 'MORPH-ART-7',
  ARTIFACT_INTEGRITY: 'MORPH-ART-8',
  TASK_TARGET: 'R-M8',
  DIGESTS: 'R-M9',
  IMPORT_ORDER: 'R-M10',
  GUIDE_AGREEMENT: 'R-M6a',
  SOURCE_MAP: 'MORPH-SMAP-1',
  SOURCE_MAP_ORDER: 'R-M16',
  PLANNER: 'R-M15',
  PLANNER_TOKENIZER: 'MORPH-PLAN-1',
  PLANNER_PROMPT: 'MORPH-PLAN-2',
  ENCODE_REQUEST: 'MORPH-ENC-1',
  ENCODE_GUIDE: 'MORPH-ENC-2',
  ENCODE_POLICY: 'MORPH-PLAN-3',
  VALIDATE_PROFILE: 'MORPH-CTX-9',
} as const;

