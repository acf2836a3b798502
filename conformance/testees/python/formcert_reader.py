#!/usr/bin/env python3
"""An independent reader of the eight formcert ops (journal, codegraph and morph), speaking the formcert testee protocol.

Exec mode:        python3 formcert_reader.py [--fault NAME] <op> <input-path>
Persistent mode:  python3 formcert_reader.py [--fault NAME] --persistent

Exec mode follows protocol v1.1: exit 0 with the observation JSON on accept; exit 1 with
`code: <CODE>` as the first stdout line on reject; exit 4 for an op it does not implement. A bug
of this reader (an uncaught exception) exits 3 with the traceback on stderr, so the runner scores
it `errored:crash` and never mistakes it for a rejection. Persistent mode reads JSON lines on stdin
(start, run, stop) and answers one JSON line per request (spec/protocol, persistent mode).
Standard library only (Python 3.11).
"""

import json
import os
import sys
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import faults  # noqa: E402
from codegraph_reader import Refused as CodegraphRefused  # noqa: E402
from codegraph_reader import read_codegraph  # noqa: E402
from journal_reader import Refused as JournalRefused  # noqa: E402
from journal_reader import read_journal  # noqa: E402
from strict_json import write_compact  # noqa: E402
from track_key import track_key  # noqa: E402
from journal_append import append_group  # noqa: E402
from morph_core import Refused as MorphRefused  # noqa: E402
from morph_core import Skipped as MorphSkipped  # noqa: E402
from morph_ops import OPS as MORPH_OPS  # noqa: E402

READERS = {"journal.read": read_journal, "codegraph.read": read_codegraph, "journal.track-key": track_key,
           "journal.append": append_group, **MORPH_OPS}
EXIT_ACCEPT, EXIT_REJECT, EXIT_SKIP, EXIT_USAGE, EXIT_BUG = 0, 1, 4, 2, 3
IMPLEMENTATION = {
    "name": "formcert-python-reader",
    "version": "1.0.0",
    "language": "python",
    "homepage": "conformance/testees/python/README.md",
}


def run_op(op, path):
    """Runs one op on one file: ('accept', observation) | ('reject', code, message) | ('skip', reason)."""
    reader = READERS.get(op)
    if reader is None:
        return ("skip", "op %s is not implemented by this reader" % op)
    with open(path, "rb") as handle:
        data = handle.read()
    try:
        return ("accept", reader(data))
    except (JournalRefused, CodegraphRefused) as refusal:
        where = " (line %d)" % refusal.line if refusal.line else ""
        return ("reject", refusal.code, str(refusal) + where)
    except MorphRefused as refusal:
        return ("reject", refusal.code, str(refusal))
    except MorphSkipped as skip:
        return ("skip", str(skip))


def run_exec(op, path):
    outcome = run_op(op, path)
    if outcome[0] == "accept":
        sys.stdout.buffer.write(write_compact(outcome[1]).encode("utf-8") + b"\n")
        return EXIT_ACCEPT
    if outcome[0] == "reject":
        sys.stdout.buffer.write(("code: %s\n%s\n" % (outcome[1], outcome[2])).encode("utf-8"))
        return EXIT_REJECT
    sys.stdout.write(outcome[1] + "\n")
    return EXIT_SKIP


def _reply(obj_text):
    sys.stdout.buffer.write(obj_text.encode("utf-8") + b"\n")
    sys.stdout.buffer.flush()


def run_persistent():
    for line in sys.stdin.buffer:
        if not line.strip():
            continue
        request = json.loads(line)
        cmd = request.get("cmd")
        if cmd == "start":
            ops = {op: {"observe": True} for op in READERS}
            _reply(json.dumps({"protocol": 1, "implementation": IMPLEMENTATION, "ops": ops}))
        elif cmd == "stop":
            return 0
        elif cmd == "run":
            seq = request.get("seq")
            try:
                outcome = run_op(request.get("op"), request.get("input"))
            except Exception:  # noqa: BLE001 — a bug of this reader is reported, not hidden
                _reply(json.dumps({"seq": seq, "errored": traceback.format_exc(limit=3)}))
                continue
            if outcome[0] == "accept":
                _reply('{"seq":%s,"accept":true,"observation":%s}' % (json.dumps(seq), write_compact(outcome[1])))
            elif outcome[0] == "reject":
                _reply(json.dumps({"seq": seq, "accept": False, "code": outcome[1], "message": outcome[2]},
                                  ensure_ascii=False))
            else:
                _reply(json.dumps({"seq": seq, "skipped": outcome[1]}))
    return 0


def main(argv):
    sys.setrecursionlimit(20000)
    args = list(argv)
    while args and args[0] == "--fault":
        if len(args) < 2:
            break
        faults.ACTIVE.add(args[1])
        args = args[2:]
    if args == ["--persistent"]:
        return run_persistent()
    if len(args) != 2:
        sys.stderr.write("usage: formcert_reader.py [--fault NAME] (<op> <input> | --persistent)\n")
        return EXIT_USAGE
    try:
        return run_exec(args[0], args[1])
    except Exception:  # noqa: BLE001 — protocol v1.1: a crash must not exit 1 like a rejection
        sys.stdout.flush()
        traceback.print_exc(file=sys.stderr)
        return EXIT_BUG


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
