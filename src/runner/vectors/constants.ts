/** Layout of golden/: directory names, file names and size limits shared by the loader and the writer. */
import type { VectorCase, VectorFile } from '../../generated/vector-file.schema.ts';
import type { Profile } from '../../shared/errors.ts';
import type { OpName } from '../../shared/ops.ts';
import type { SameUnion } from '../../shared/same-union.ts';

/** Default directory of the golden vectors, relative to the repository root. */
export const GOLDEN_DIR = 'golden';

/** Default directory of the case sources, relative to the repository root. */
export const GENERATORS_DIR = 'generators';

/** Each format's case source module, inside generators/<format>/. */
export const CASE_SOURCE_FILE = 'golden-cases.ts';

/** The manifest, at the root of golden/ (never a vector file). */
export const MANIFEST_FILE = 'MANIFEST.json';

/** The generated requirement-coverage table, relative to the repository root. */
export const COVERAGE_FILE = 'spec/coverage.md';

/** The documented allow-list of requirement ids that cannot have a vector, relative to the repository root. */
export const COVERAGE_GAPS_FILE = 'spec/coverage-gaps.json';

/** The three formats, in the order reports list them. */
export const FORMATS = ['codegraph', 'journal', 'morph'] as const;
export type FormatName = (typeof FORMATS)[number];

/** Where a vector came from. `fuzz` files are saved by `formcert fuzz`; regeneration keeps them as they are. */
export const SOURCES = ['recipe', 'generated', 'fuzz'] as const;
export type VectorSource = (typeof SOURCES)[number];

// The code's lists and the vector schema (spec/schemas/vector-file.schema.json, through its generated
// types) must name the same formats, sources, ops and profiles: a schema edit that is not followed here
// (or the reverse) fails the typecheck.
const FORMATS_MATCH_SCHEMA: SameUnion<FormatName, VectorFile['format']> = true;
const SOURCES_MATCH_SCHEMA: SameUnion<VectorSource, VectorFile['source']> = true;
const OPS_MATCH_SCHEMA: SameUnion<OpName, VectorCase['op']> = true;
const PROFILES_MATCH_SCHEMA: SameUnion<Profile, VectorCase['profile']> = true;
void [FORMATS_MATCH_SCHEMA, SOURCES_MATCH_SCHEMA, OPS_MATCH_SCHEMA, PROFILES_MATCH_SCHEMA];

/**
 * No line of a vector file is longer than this many bytes: an input or observation that would make one
 * longer goes to a gzip-compressed side file beside the vector file.
 */
export const INLINE_LINE_LIMIT = 64 * 1024;

/** Room left on a line for its indentation and member name when an inline value is measured. */
export const LINE_MARGIN = 1024;

/** Suffix of every side file: they are gzip-compressed. */
export const COMPRESSED_SUFFIX = '.gz';

/** Extension of an input stored beside its vector file (not `.json`, so globbing vector files skips it). */
export const INPUT_FILE_EXTENSION = '.bin' + COMPRESSED_SUFFIX;

/** Extension of an expected observation stored beside its vector file (strict JSON text, compressed). */
export const OBSERVATION_FILE_EXTENSION = '.observation.json' + COMPRESSED_SUFFIX;

/** Indentation of every file written under golden/. */
export const JSON_INDENT = 2;
