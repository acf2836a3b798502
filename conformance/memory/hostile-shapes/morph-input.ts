/**
 * Hostile MORPH inputs (issue 11 item 8): an artifact and a bundle (examples/morph) and a `morph.encode`
 * request with bulk spliced into each place a reader parses or holds — the payload or input (a string,
 * an array's items, an object's members, nesting, whitespace), the guide text, the plan's options, the
 * envelope's own members — sized under, near and past the 16 MiB (bundle) bound, and under and past
 * the 64 MiB (artifact, request) one. The digests no longer
 * match, so most are refused: what is measured is the memory the reader takes to get there.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { BULK } from './_internals/plan.ts';
import { planInLine, type Template } from './_internals/compose.ts';
import type { HostilePlan } from './_internals/plan.ts';

const EXAMPLES = join(import.meta.dirname, '../../../examples/morph');
const ARTIFACT = readFileSync(join(EXAMPLES, 'customers.artifact.json'), 'utf8');
const BUNDLE = readFileSync(join(EXAMPLES, 'customers.json-compact.bundle'), 'utf8');

/** `text` with `insert` put in place of `mark`'s first occurrence (a missing mark is a test bug). */
function at(text: string, mark: string, insert: string): string {
  const i = text.indexOf(mark);
  if (i < 0) throw new Error(`no ${JSON.stringify(mark)} in the example`);
  return text.slice(0, i) + insert + text.slice(i + mark.length);
}

/** The bundle with its payload section's JSON replaced by `payload`. */
function bundleWithPayload(payload: string): string {
  const begin = BUNDLE.indexOf('\n', BUNDLE.indexOf(':BEGIN:PAYLOAD>>>')) + 1;
  const end = BUNDLE.indexOf('\n', begin);
  return BUNDLE.slice(0, begin) + payload + BUNDLE.slice(end);
}

/** A valid json-compact `morph.encode` request for the example's customers, with its own guide. */
const REQUEST = `{"input":${JSON.stringify(readFileSync(join(EXAMPLES, 'customers.json'), 'utf8'))},"plan":{"encoding":"json-compact","formatVersion":"1","options":{}},"guide":{"id":"g","version":"1","text":"Read the data."}}`;

/** The target of every template: which reader reads it (a validator, or `testee exec morph.encode`). */
export type MorphTarget = 'morph-artifact' | 'morph-bundle' | 'morph-encode';

const ARTIFACT_TEMPLATES: readonly Template[] = [
  { place: 'artifact payload', kind: 'chars', text: at(ARTIFACT, '"payload": "', `"payload": "${BULK}`) },
  { place: 'artifact guide text', kind: 'chars', text: at(ARTIFACT, '"interpretationGuideText": "', `"interpretationGuideText": "${BULK}`) },
  { place: 'artifact plan options', kind: 'members', text: at(ARTIFACT, '"options": {}', `"options": {${BULK}}`) },
  { place: 'artifact members', kind: 'members', text: at(ARTIFACT, '{', `{${BULK},`) },
  { place: 'artifact items', kind: 'items', text: at(ARTIFACT, '{', `{"zz":[${BULK}],`) },
  { place: 'artifact nesting', kind: 'depth', text: at(ARTIFACT, '{', `{"zz":${BULK},`) },
  { place: 'artifact whitespace', kind: 'space', text: at(ARTIFACT, '{', `{${BULK}`) },
];

const ENCODE_TEMPLATES: readonly Template[] = [
  { place: 'request input text', kind: 'chars', text: at(REQUEST, '{"input":"', `{"input":"${BULK}`) },
  { place: 'request guide text', kind: 'chars', text: at(REQUEST, '"text":"', `"text":"${BULK}`) },
  { place: 'request plan options', kind: 'members', text: at(REQUEST, '"options":{}', `"options":{${BULK}}`) },
  { place: 'request members', kind: 'members', text: at(REQUEST, '{', `{${BULK},`) },
  { place: 'request items', kind: 'items', text: at(REQUEST, '{', `{"zz":[${BULK}],`) },
  { place: 'request nesting', kind: 'depth', text: at(REQUEST, '{', `{"zz":${BULK},`) },
  { place: 'request whitespace', kind: 'space', text: at(REQUEST, '{', `{${BULK}`) },
];

const BUNDLE_TEMPLATES: readonly Template[] = [
  { place: 'bundle payload string', kind: 'chars', text: bundleWithPayload(`"${BULK}"`) },
  { place: 'bundle payload items', kind: 'items', text: bundleWithPayload(`[${BULK}]`) },
  { place: 'bundle payload members', kind: 'members', text: bundleWithPayload(`{${BULK}}`) },
  { place: 'bundle payload nesting', kind: 'depth', text: bundleWithPayload(BULK) },
  { place: 'bundle payload whitespace', kind: 'space', text: bundleWithPayload(`${BULK}[1]`) },
  { place: 'bundle metadata members', kind: 'members', text: at(BUNDLE, '{"encoding":', `{${BULK},"encoding":`) },
  { place: 'bundle guide text', kind: 'chars', text: at(BUNDLE, 'How to read', `${BULK}How to read`) },
];

/** Sizes of a bundle: well under, just under and past its 16 MiB bound, and far past it. */
const BUNDLE_BYTES = fc.constantFrom(4_000_000, 16_000_000, 40_000_000, 90_000_000);

/**
 * Sizes of an artifact: well under its 64 MiB bound, a quarter of it, near it and past it. Near the
 * bound the strings of a file are what costs: held as UTF-16 beside the input's bytes, one long
 * payload or guide string or some 225,000 short strings or member names of ASCII closed by one
 * character outside Latin-1 cost 250–343 MiB until the artifact's text was bounded while it is read
 * (JSON-LIMIT-1: 16 MiB a string, 20 MiB in all; the plans that found it are in found-morph-artifact.json).
 */
const ARTIFACT_BYTES = fc.constantFrom(4_000_000, 16_000_000, 40_000_000, 60_000_000, 90_000_000);

/** A hostile MORPH input for `target`: a plan of up to some tens of megabytes (see the file's comment). */
export function hostileMorphInput(target: MorphTarget): fc.Arbitrary<HostilePlan> {
  if (target === 'morph-bundle') return planInLine(BUNDLE_TEMPLATES, BUNDLE_BYTES);
  // A request is bounded as an artifact is (64 MiB, MORPH-ENC-1), and its text as an artifact's.
  return target === 'morph-artifact' ? planInLine(ARTIFACT_TEMPLATES, ARTIFACT_BYTES) : planInLine(ENCODE_TEMPLATES, ARTIFACT_BYTES);
}
