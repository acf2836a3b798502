/**
 * Keeps V8's heap near what it holds in a process that reads one input (`formcert validate …`,
 * `formcert testee exec …`). A process-wide V8 setting, so only the CLI makes it, never the library.
 * A streaming reader's heap stays small, and the setting costs it nothing; where a line or a document
 * makes it hold much, the heap no longer grows far past that (a 220 MB codegraph record of 250,000
 * unknown members, observed by `codegraph.read` for its first 8 MiB: 200 -> 134 MiB). Building a
 * MORPH tree of up to 250,000 values from a 16 MiB text, nearly everything allocated survives its
 * first scavenges, and on such a survival rate V8 grows each semi-space to 16 MiB: 30-40 MB of peak
 * RSS that holds nothing live (measured: testee exec morph.decode of a valid 15 MiB bundle 192 -> 160
 * MiB, morph.encode 193 -> 167, user CPU time unchanged). Both growth factors are read whenever V8
 * would grow a space, so setting them as the verb starts takes effect for that run (issue 11 item 8).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { collectAfterRelease } from '../shared/read-bounded.ts';

/** The V8 majors the flag is known to (an unknown flag is reported on stdout, which an observation shares). */
const TESTED_V8_MAJORS: readonly number[] = [11, 12];

let applied = false;

/**
 * Fixes the semi-space growth factor at 1 and the old generation's growing factor at 1.1 for the rest
 * of the process, and has a released input collected at once ({@link collectAfterRelease}); once, and
 * only on a known V8. The old generation's limit otherwise grows by up to
 * about 4× what survived the last major GC, so a run that allocates fast grows the heap well past what
 * it holds: a valid 13 MB toon bundle (82,000 records, decoded by the official package and rebuilt as a
 * MORPH tree) peaked at 211 MiB in `validate morph-bundle` and 250 MiB in `testee exec morph.decode`,
 * with under 48 MiB live (it ran with --max-old-space-size=48); 180 and 185 with this, for about a
 * quarter more CPU time on such inputs.
 */
export function limitHeapGrowth(): void {
  if (applied) return;
  applied = true;
  const major = Number(process.versions.v8.split('.')[0]);
  if (!TESTED_V8_MAJORS.includes(major)) return;
  setFlagsFromString('--semi-space-growth-factor=1');
  setFlagsFromString('--heap-growing-percent=10');
  // An input released once parsed (up to 64 MiB) is returned at once, before the value built from it
  // grows: with the flag set, a new context gets V8's `gc` function (the main one is already made).
  setFlagsFromString('--expose-gc');
  const collect = runInNewContext('gc') as unknown;
  if (typeof collect === 'function') collectAfterRelease(() => (collect as () => void)());
}
