/**
 * First stage of reading a bundle: from text to its boundary and four raw parts. Checks the header,
 * that every marker occurs exactly once, the final marker at the very end, then the exact layout.
 */
import { fail, ok, type FormatError, type Result } from '../../shared/errors.ts';
import { utf8Length } from '../../shared/text.ts';
import { bundleMarkers, markersInOrder } from './bundle-markers.ts';
import { BUNDLE, CONTEXT_CODES, CONTEXT_RULES, type BundleSection } from './constants.ts';
import type { BundleParts } from './frame-bundle.ts';
import { morphError } from '../refusal.ts';

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

/** Splits a bundle's text into its parts; never throws. */
export function parseBundleFrame(text: string): Result<BundleFrame> {
  const header = HEADER.exec(text);
  if (header === null) {
    return fail(refuse(text, 0, CONTEXT_CODES.BUNDLE_HEADER, CONTEXT_RULES.BUNDLE_HEADER, 'the text does not start with the line "MORPH-CONTEXT/1 <24 lowercase hex digits>"'));
  }
  if (header[2] !== BUNDLE.LF) {
    // R-M6: CRLF line ends are a layout fault (strict), not a wrong header.
    return fail(refuse(text, header[1]!.length + BUNDLE.HEADER_PREFIX.length, CONTEXT_CODES.BUNDLE_LAYOUT, CONTEXT_RULES.BUNDLE_LAYOUT, 'the header line ends with CR LF'));
  }
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
      return fail(refuse(text, afterFinal, CONTEXT_CODES.BUNDLE_LAYOUT, CONTEXT_RULES.BUNDLE_LAYOUT, 'a line end follows the final marker'));
    }
    return fail(refuse(text, afterFinal, CONTEXT_CODES.BUNDLE_TRAILING_DATA, CONTEXT_RULES.BUNDLE_FINAL, 'text follows the final marker'));
  }
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
