/**
 * Keeps V8's young generation at its starting size in a process that reads one MORPH input (`formcert
 * validate morph-…`, `formcert testee exec morph.…`). A process-wide V8 setting, so only the CLI makes it, never
 * the library. Building a MORPH tree of up to
 * 250,000 values from a 16 MiB text, nearly everything allocated survives its first scavenges, and on
 * such a survival rate V8 grows each semi-space to 16 MiB: 30-40 MB of peak RSS that holds nothing
 * live (measured: testee exec morph.decode of a valid 15 MiB bundle 192 -> 160 MiB, morph.encode
 * 193 -> 167, user CPU time unchanged). The growth factor is read whenever V8 would grow the space, so
 * setting it as the verb starts takes effect for that run (issue 11 item 8).
 */
import { setFlagsFromString } from 'node:v8';

/** The V8 majors the flag is known to (an unknown flag is reported on stdout, which an observation shares). */
const TESTED_V8_MAJORS: readonly number[] = [11, 12];

let applied = false;

/** Fixes the semi-space growth factor at 1 for the rest of the process; once, and only on a known V8. */
export function keepYoungGenerationSmall(): void {
  if (applied) return;
  applied = true;
  const major = Number(process.versions.v8.split('.')[0]);
  if (TESTED_V8_MAJORS.includes(major)) setFlagsFromString('--semi-space-growth-factor=1');
}
