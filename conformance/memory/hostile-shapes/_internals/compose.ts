/**
 * Turns a format's templates into an arbitrary of plans: a template (a file with one BULK mark and the
 * kind of bulk it takes), a bulk of that kind, a size, and how the input reaches the reader.
 */
import fc from 'fast-check';
import { bulkOf, type BulkKind } from './bulk.ts';
import { splitTemplate, timesFor, type HostilePlan } from './plan.ts';

/** A file with one BULK mark, the bulk it takes, and what the place is (for the plan's label). */
export interface Template {
  readonly place: string;
  readonly kind: BulkKind;
  readonly text: string;
}

/** A whole-line bulk: a file whose bulk is `times` lines, written with the count they make. */
export interface LinesTemplate {
  readonly place: string;
  /** The repeated line (with its LF). */
  readonly line: string;
  /** The file around the lines, given their count. */
  readonly text: (count: number) => string;
}

/**
 * Bulk sizes drawn: under the 8 MiB an observation collects (a line a reader may build whole), past
 * the 8 MiB a line's held strings may take, and on to past the 200 MB RSS bound.
 */
export const BULK_BYTES = fc.constantFrom(4_000_000, 12_000_000, 48_000_000, 120_000_000, 210_000_000);

/** A unit as a label shows it: quoted, cut after 24 characters. */
function shown(unit: string): string {
  return JSON.stringify(unit.length <= 24 ? unit : `${unit.slice(0, 24)}…`);
}

/** Plans from templates whose bulk sits inside one line (of one of `sizes` bytes). */
export function planInLine(templates: readonly Template[], sizes: fc.Arbitrary<number> = BULK_BYTES): fc.Arbitrary<HostilePlan> {
  return fc
    .constantFrom(...templates)
    .chain((t) => fc.tuple(fc.constant(t), bulkOf(t.kind), sizes))
    .map(([t, bulk, bytes]) => {
      const { before, after } = splitTemplate(t.text);
      const times = timesFor(bulk.open, bulk.separator, bulk.close, bytes);
      return { label: `${t.place}: ${times} × ${shown(bulk.open)}${bulk.close === '' ? '' : ` … ${shown(bulk.close)}`}`, before, open: bulk.open, separator: bulk.separator, close: bulk.close, times, after };
    });
}

/** Plans from templates whose bulk is whole lines. */
export function planOfLines(templates: readonly LinesTemplate[]): fc.Arbitrary<HostilePlan> {
  return fc.tuple(fc.constantFrom(...templates), BULK_BYTES).map(([t, bytes]) => {
    const times = timesFor(t.line, '', '', bytes);
    const { before, after } = splitTemplate(t.text(times));
    return { label: `${t.place}: ${times} lines`, before, open: t.line, separator: '', close: '', times, after };
  });
}
