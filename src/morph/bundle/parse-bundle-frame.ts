/**
 * First stage of reading a bundle: from text to its boundary and four raw parts. Checks the header,
 * that every marker occurs exactly once, the final marker at the very end, then the exact layout
 * (strict) or, under the core profile, finds each section by its own two markers (R-M6 not enforced).
 */
import { fail, ok, type FormatError, type Profile, type Result } from '../../shared/errors.ts';
import { utf8Length } from '../../shared/text.ts';
import { bundleMarkers, markersInOrder, type BundleMarkers } from './bundle-markers.ts';
import { BUNDLE, CONTEXT_CODES, CONTEXT_RULES, type BundleSection } from './constants.ts';
import type { BundleParts } from './frame-bundle.ts';
import { enforces, morphError } from '../refusal.ts';

/** The framed parts of a bundle and the boundary that separated them. */
export interface BundleFrame extends BundleParts {
  readonly boundary: string;
}

const HEADER = new RegExp(`^${BUNDLE.HEADER_PREFIX.replace('/', '\\/')}([0-9a-f]{${BUNDLE.BOUNDARY_HEX_DIGITS}})(\\r?\\n)`);

function refuse(text: string, at: number, code: string, requirement: string, message: string): FormatError {
  const before = text.slice(0, at);
  const line = before.split(BUNDLE.LF).length;
  return morphError(code, requirement, message, { line, byteOffset: utf8Length(before) });
}

/** Where `needle` occurs, stopping at the second occurrence (two already means "repeated"). */
function occurrences(text: string, needle: string): number[] {
  const found: number[] = [];
  for (let i = text.indexOf(needle); i !== -1 && found.length < 2; i = text.indexOf(needle, i + 1)) found.push(i);
  return found;
}

/** Splits a bundle's text into its parts under `profile` (strict when not given); never throws. */
export function parseBundleFrame(text: string, profile: Profile = 'strict'): Result<BundleFrame> {
  const layoutEnforced = enforces(profile, CONTEXT_CODES.BUNDLE_LAYOUT, CONTEXT_RULES.BUNDLE_LAYOUT);
  const header = HEADER.exec(text);
  if (header === null) {
    return fail(refuse(text, 0, CONTEXT_CODES.BUNDLE_HEADER, CONTEXT_RULES.BUNDLE_HEADER, 'the text does not start with the line "MORPH-CONTEXT/1 <24 lowercase hex digits>"'));
  }
  // R-M6: CR LF line ends are a layout fault (strict), not a wrong header; refused below, after the markers.
  const crlf = header[2] !== BUNDLE.LF;
  const boundary = header[1]!;
  const bodyStart = header[0].length;
  const markers = bundleMarkers(boundary);
  const positions = new Map<string, number>();
  for (const marker of markersInOrder(markers)) {
    const at = occurrences(text, marker);
    if (at.length === 0) {
      return fail(refuse(text, text.length, CONTEXT_CODES.BUNDLE_MARKER_MISSING, CONTEXT_RULES.BUNDLE_MARKERS, `marker ${marker} is missing`));
    }
    if (at.length > 1) {
      return fail(refuse(text, at[1]!, CONTEXT_CODES.BUNDLE_MARKER_DUPLICATE, CONTEXT_RULES.BUNDLE_MARKERS, `marker ${marker} occurs more than once`));
    }
    positions.set(marker, at[0]!);
  }
  const finalAt = positions.get(markers.final)!;
  const afterFinal = finalAt + markers.final.length;
  if (afterFinal !== text.length) {
    const rest = text.slice(afterFinal);
    // R-M6: a line end after the final marker is a strict layout fault; anything else breaks the seed's rule.
    if (rest === BUNDLE.LF || rest === BUNDLE.CR + BUNDLE.LF) {
      // R-M6 relaxed (core): one line end after the final marker is read as the end of its line.
      if (!layoutEnforced) return readSectionsByMarkers(text, boundary, markers, positions, crlf);
      return fail(refuse(text, afterFinal, CONTEXT_CODES.BUNDLE_LAYOUT, CONTEXT_RULES.BUNDLE_LAYOUT, 'a line end follows the final marker'));
    }
    return fail(refuse(text, afterFinal, CONTEXT_CODES.BUNDLE_TRAILING_DATA, CONTEXT_RULES.BUNDLE_FINAL, 'text follows the final marker'));
  }
  // R-M6 relaxed (core): the layout between the markers is not checked.
  if (!layoutEnforced) return readSectionsByMarkers(text, boundary, markers, positions, crlf);
  // R-M6 orders its checks header, markers, final marker, layout: a CR LF header line is a layout
  // fault, so a missing or repeated marker or trailing text answers before it.
  if (crlf) return fail(refuse(text, header[1]!.length + BUNDLE.HEADER_PREFIX.length, CONTEXT_CODES.BUNDLE_LAYOUT, CONTEXT_RULES.BUNDLE_LAYOUT, 'the header line ends with CR LF'));
  const content = {} as Record<BundleSection, string>;
  let cursor = bodyStart;
  const layout = (at: number, message: string) =>
    fail(refuse(text, at, CONTEXT_CODES.BUNDLE_LAYOUT, CONTEXT_RULES.BUNDLE_LAYOUT, message));
  for (const section of BUNDLE.SECTIONS) {
    const begin = positions.get(markers.begin[section])!;
    const end = positions.get(markers.end[section])!;
    // R-M6: sections in canonical order, nothing between them, each BEGIN LF content LF END LF.
    if (begin !== cursor) return layout(Math.min(begin, cursor), `section ${section} does not start where the previous part ended`);
    const contentStart = begin + markers.begin[section].length + 1;
    if (text[contentStart - 1] !== BUNDLE.LF) return layout(contentStart - 1, `the BEGIN marker of ${section} is not followed by LF`);
    if (end <= contentStart || text[end - 1] !== BUNDLE.LF) return layout(end, `the END marker of ${section} does not start a line after the content`);
    const afterEnd = end + markers.end[section].length;
    if (text[afterEnd] !== BUNDLE.LF) return layout(afterEnd, `the END marker of ${section} is not followed by LF`);
    content[section] = text.slice(contentStart, end - 1);
    cursor = afterEnd + 1;
  }
  if (cursor !== finalAt) return layout(cursor, 'text stands between the last section and the final marker');
  return ok({ boundary, guide: content.GUIDE, metadata: content.METADATA, schema: content.SCHEMA, payload: content.PAYLOAD });
}

/**
 * The core reading of a bundle's body (R-M6 not enforced): each section is the text between its own
 * BEGIN and END markers, wherever they stand, less the one line end that follows BEGIN and the one
 * that precedes END when they are there; text outside the sections is passed over. A bundle whose
 * header line ends with CR LF is read as a text whose LFs were all turned into CR LF (a text-mode
 * transfer), so in each section's content CR LF is read as LF. Sections that overlap (an END before
 * its BEGIN, or one section's marker inside another) delimit nothing and are refused in every profile
 * (MORPH-CTX-3: each part is in its own delimited section).
 */
function readSectionsByMarkers(text: string, boundary: string, markers: BundleMarkers, positions: Map<string, number>, crlf: boolean): Result<BundleFrame> {
  const spans = BUNDLE.SECTIONS.map((section) => ({
    section,
    begin: positions.get(markers.begin[section])!,
    end: positions.get(markers.end[section])!,
  }));
  const ordered = [...spans].sort((a, b) => a.begin - b.begin);
  for (let i = 0; i < ordered.length; i++) {
    const s = ordered[i]!;
    const next = ordered[i + 1];
    // MORPH-CTX-3 (core): a section's END follows its BEGIN, and no other section starts inside it.
    if (s.end < s.begin + markers.begin[s.section].length || (next !== undefined && next.begin < s.end)) {
      return fail(refuse(text, s.begin, CONTEXT_CODES.BUNDLE_LAYOUT, CONTEXT_RULES.BUNDLE_MARKERS, `the markers of section ${s.section} do not delimit a section of their own`));
    }
  }
  const content = {} as Record<BundleSection, string>;
  for (const { section, begin, end } of spans) {
    let start = begin + markers.begin[section].length;
    if (crlf && text.startsWith(BUNDLE.CR + BUNDLE.LF, start)) start += 2;
    else if (text[start] === BUNDLE.LF) start++;
    let stop = end;
    if (text[stop - 1] === BUNDLE.LF) stop -= crlf && text[stop - 2] === BUNDLE.CR ? 2 : 1;
    // An empty section written with a single line end: that line end is both the BEGIN's and the END's.
    const raw = text.slice(start, Math.max(start, stop));
    content[section] = crlf ? raw.replaceAll(BUNDLE.CR + BUNDLE.LF, BUNDLE.LF) : raw;
  }
  return ok({ boundary, guide: content.GUIDE, metadata: content.METADATA, schema: content.SCHEMA, payload: content.PAYLOAD });
}
