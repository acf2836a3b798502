/** The nine complete markers of a MORPH-CONTEXT/1 bundle for one boundary (seed 001, R-M4). */
import { BUNDLE, type BundleSection } from './constants.ts';

/** BEGIN and END markers of every section, and the final marker. */
export interface BundleMarkers {
  readonly begin: Readonly<Record<BundleSection, string>>;
  readonly end: Readonly<Record<BundleSection, string>>;
  readonly final: string;
}

/** Builds the markers of `boundary`. */
export function bundleMarkers(boundary: string): BundleMarkers {
  const marker = (body: string) => `${BUNDLE.MARKER_OPEN}${boundary}:${body}${BUNDLE.MARKER_CLOSE}`;
  const begin = {} as Record<BundleSection, string>;
  const end = {} as Record<BundleSection, string>;
  for (const s of BUNDLE.SECTIONS) {
    begin[s] = marker(`BEGIN:${s}`);
    end[s] = marker(`END:${s}`);
  }
  return { begin, end, final: marker('END') };
}

/** The markers in the order a canonical bundle writes them: BEGIN, END per section, then the final one. */
export function markersInOrder(markers: BundleMarkers): string[] {
  return [...BUNDLE.SECTIONS.flatMap((s) => [markers.begin[s], markers.end[s]]), markers.final];
}
