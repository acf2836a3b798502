/**
 * journal's built-in fuzz seeds: minimal valid inputs per op, so that fuzzing works before golden/ is
 * regenerated (schema 3 with groups, an undo link and a byte payload; schema 2 without a final LF).
 */
import type { OpName } from '../../src/shared/ops.ts';

/** Minimal valid inputs of each journal op. */
export const JOURNAL_FUZZ_SEEDS: Partial<Record<OpName, readonly string[]>> = {
  'journal.read': [
    '{"schema":3,"generation":0,"origin":0}\n',
    '{"schema":3,"generation":0,"origin":0}\n{"group":1,"first":1,"frontier":2,"entries":[{"position":1,"kind":"Transaction","id":"ledger.deposit","version":1,"metadata":{"principal":"alice","correlation":1,"causation":null,"request":"r-1","link":null,"at_us":1700000000000000},"payload":{"amount":40}},{"position":2,"kind":"Record","id":"harmos:work/svc/noted","version":1,"metadata":{"principal":"alice","correlation":1,"causation":1,"request":null,"link":null,"at_us":1700000000000000},"payload":[1,2,255]}]}\n{"position":3,"kind":"Transaction","id":"ledger.undo","version":2,"metadata":{"principal":null,"correlation":3,"causation":2,"request":null,"link":{"UndoOf":1},"at_us":-5},"payload":null}\n',
    '{"schema":2,"generation":1,"origin":1}\n{"position":1,"kind":"Transaction","id":"a","version":1,"metadata":{"principal":null,"correlation":1,"causation":null,"request":null,"link":null,"at_us":0},"payload":1.0}\n{"position":2,"kind":"Transaction","id":"b","version":1,"metadata":{"principal":null,"correlation":2,"causation":1,"request":null,"link":{"RedoOf":1},"at_us":0},"payload":{}}',
  ],
  'journal.track-key': ['["run_7","probe_1"]', '[]'],
  'journal.append': [
    '{"journal":"eyJzY2hlbWEiOjMsImdlbmVyYXRpb24iOjAsIm9yaWdpbiI6MH0K","group":[{"position":1,"kind":"Transaction","id":"a","version":1,"metadata":{"principal":null,"correlation":1,"causation":null,"request":null,"link":null,"at_us":0},"payload":null}]}',
  ],
};
