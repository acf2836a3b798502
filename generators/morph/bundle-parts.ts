/**
 * `bundleParts()`: the four text parts of a MORPH-CONTEXT/1 bundle, deliberately full of text that
 * looks like framing: marker prefixes, complete markers of some other boundary, line feeds, NULs.
 */
import fc from 'fast-check';
import type { BundleParts } from '../../src/morph/bundle/frame-bundle.ts';
import { bundleMarkers, markersInOrder } from '../../src/morph/bundle/bundle-markers.ts';

const someBoundary = fc.stringMatching(/^[0-9a-f]{24}$/);

/** One part: free text, line-structured text, or text built from markers of an arbitrary boundary. */
const part = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 10 }),
  fc.array(fc.constantFrom('\n', '\u0000', '<<<MORPH:', ':BEGIN:GUIDE>>>', ':END>>>', 'MORPH-CONTEXT/1 ', '>>>', 'x'), { maxLength: 12 }).map((xs) => xs.join('')),
  fc.tuple(someBoundary, fc.nat({ max: 8 }), fc.string({ maxLength: 5 })).map(([b, i, s]) => `${s}\n${markersInOrder(bundleMarkers(b))[i]}\n${s}`),
);

/** Four arbitrary parts. */
export function bundleParts(): fc.Arbitrary<BundleParts> {
  return fc.record({ guide: part, metadata: part, schema: part, payload: part });
}
