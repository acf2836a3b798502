#!/usr/bin/env python3
"""A starter testee for formcert: journal.read in both protocol modes, standard library only.

    python3 journal_starter.py journal.read <input>    # exec mode, one process per case
    python3 journal_starter.py --persistent            # persistent mode, JSON lines on stdin/stdout

The protocol is spec/protocol/README.md (version 1.1); the journal rules are spec/journal/README.md.
Copy this file, replace read_journal() with a call into your own reader, keep the protocol code.
"""

import json
import re
import sys

EXIT_ACCEPT, EXIT_REJECT, EXIT_SKIP, EXIT_USAGE = 0, 1, 4, 2
IMPLEMENTATION = {"name": "journal-starter-python", "version": "1.0.0", "language": "python"}

UNSIGNED = re.compile(r"(?:0|[1-9][0-9]*)\Z")
SIGNED = re.compile(r"-?(0|[1-9][0-9]*)\Z")
SURROGATE = re.compile("[\ud800-\udfff]")
OWNER = re.compile(r"[a-z][a-z0-9.-]*\Z")
MAX_U64, MIN_I64, MAX_I64 = 2**64 - 1, -(2**63), 2**63 - 1
FRAME_LIMIT, PAYLOAD_BUDGET, FIELD_LIMIT, MAX_RECORDS = 8_388_608, 4_194_304, 1024, 256
ENTRY_MEMBERS = ("position", "kind", "id", "version", "metadata", "payload")
METADATA_MEMBERS = ("principal", "correlation", "causation", "request", "link", "at_us")


class Refused(Exception):
    """The input breaks a rule: `code` is the formcert error code."""

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code


class Number(str):
    """A JSON number kept as its exact lexeme (R-S2): 1.0 is not 1, and nothing is rounded."""


# The hooks of parse_line's json.loads only signal that a line has a fault (as json.loads does, with a
# ValueError); first_fault() then names the line's first fault.
def _refuse_constant(name):
    raise ValueError("%s is not JSON" % name)


def _unique_members(pairs):
    names = [name for name, _ in pairs]
    if len(set(names)) != len(names):
        raise ValueError("an object names a member twice")
    return dict(pairs)


def _holds_surrogate(value):
    """Whether a string or member name holds a surrogate: json.loads joins each escaped pair into one
    character, so a surrogate left over came from a lone \\u escape (R-S1)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, Number):
            continue
        if isinstance(item, str):
            if SURROGATE.search(item):
                return True
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


def parse_line(text):
    """One line as a JSON value, strictly: lexemes kept, duplicates and lone surrogates refused.

    json.loads reads a good line fast. But it finds a duplicate only when its object closes and we look
    for lone surrogates only after the whole parse, so when a line has any fault, first_fault() reads it
    again in text order: its first fault is the refusal (R-S1). Only space and tab may surround tokens
    (json.loads also allows LF and CR; the journal splits lines at LF and refuses CR before this).
    """
    try:
        value = json.loads(text, parse_int=Number, parse_float=Number,
                           parse_constant=_refuse_constant, object_pairs_hook=_unique_members)
    except ValueError:  # a grammar fault, NaN or Infinity, or a duplicate member (the hooks above)
        pass
    except RecursionError:  # json.loads recurses, so it cannot read a line nested very deeply
        first_fault(text)  # a fault before the deep part still names the refusal
        # R-S2a lets a reader refuse past 128 levels; this one refuses what json.loads cannot read.
        raise Refused("LIMIT_EXCEEDED", "the line is nested too deeply for this reader") from None
    else:
        if "\n" not in text and "\r" not in text and not _holds_surrogate(value):
            return value
    first_fault(text)  # raises Refused at the line's first fault
    raise AssertionError("a bug: json.loads refuses a line first_fault() finds no fault in")


# The grammar of first_fault(), token by token. [0-9], not \d: \d also matches non-ASCII digits.
SPACE = re.compile(r"[ \t]*")
NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")
PLAIN_RUN = re.compile(r'[^"\\\x00-\x1f]*')  # string characters that stand for themselves
HEX4 = re.compile(r"[0-9a-fA-F]{4}")
ESCAPES = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}
LITERALS = ("true", "false", "null")
MAX_DEPTH = 10_000  # containers open at once; a deeper line is refused at the bracket that opens one more


def _syntax(message, at):
    return Refused("JSON_SYNTAX", "not JSON: %s at column %d" % (message, at + 1))


def _escaped_unit(text, at):
    """The UTF-16 code unit of the \\u escape at `at`; a broken escape is a grammar fault."""
    digits = HEX4.match(text, at + 2)
    if not digits:
        raise _syntax("a \\u escape needs four hex digits", at)
    return int(digits.group(), 16)


def _read_string(text, at):
    """Reads the string whose opening quote is at `at`: returns its value and the index after it."""
    pieces = []
    i = at + 1
    while True:
        run = PLAIN_RUN.match(text, i)  # a regex skips plain characters: long strings stay fast
        pieces.append(run.group())
        i = run.end()
        char = text[i:i + 1]
        if char == '"':
            return "".join(pieces), i + 1
        if char == "":
            raise _syntax("a string is never closed", i)
        if char != "\\":
            raise _syntax("a raw control character in a string", i)
        kind = text[i + 1:i + 2]
        if kind in ESCAPES:
            pieces.append(ESCAPES[kind])
            i += 2
            continue
        if kind != "u":
            raise _syntax("a backslash that starts no escape", i)
        unit = _escaped_unit(text, i)
        i += 6
        if 0xDC00 <= unit <= 0xDFFF:
            raise Refused("JSON_LONE_SURROGATE", "a low surrogate escape with no high one before it")
        if 0xD800 <= unit <= 0xDBFF:
            # A high surrogate needs a low one at once. Another \u escape is read first, so a broken
            # one is a grammar fault; anything else after the high one leaves it alone.
            if not text.startswith("\\u", i):
                raise Refused("JSON_LONE_SURROGATE", "a high surrogate escape with no low one after it")
            low = _escaped_unit(text, i)
            if not 0xDC00 <= low <= 0xDFFF:
                raise Refused("JSON_LONE_SURROGATE", "a high surrogate escape with no low one after it")
            i += 6
            unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
        pieces.append(chr(unit))


def _member_name(text, i, names):
    """Reads `"name" :` at i into the open object's `names`; returns where its value starts."""
    if text[i:i + 1] != '"':
        raise _syntax("a member name must be a string", i)
    name, i = _read_string(text, i)
    if name in names:
        raise Refused("JSON_DUPLICATE_MEMBER", "an object names the member %r twice" % name[:100])
    names.add(name)
    i = SPACE.match(text, i).end()
    if text[i:i + 1] != ":":
        raise _syntax("a member name must be followed by a colon", i)
    return SPACE.match(text, i + 1).end()


def first_fault(text):
    """Reads `text` as one JSON value in text order and raises Refused for its first fault (R-S1).

    It returns None when the text has no fault. It never recurses: `open_containers` holds, for each
    array or object not yet closed, None for an array or the set of the object's member names so far.
    """
    open_containers = []
    i = SPACE.match(text).end()
    while True:
        # A value starts at i.
        char = text[i:i + 1]
        if char in ("[", "{"):
            if len(open_containers) == MAX_DEPTH:
                raise Refused("LIMIT_EXCEEDED", "more than %d arrays and objects open at once" % MAX_DEPTH)
            i = SPACE.match(text, i + 1).end()
            if text[i:i + 1] == ("]" if char == "[" else "}"):
                i += 1  # an empty array or object: a whole value
            elif char == "[":
                open_containers.append(None)
                continue
            else:
                open_containers.append(set())
                i = _member_name(text, i, open_containers[-1])
                continue
        elif char == '"':
            i = _read_string(text, i)[1]
        elif char == "-" or "0" <= char <= "9":
            number = NUMBER.match(text, i)
            if not number:
                raise _syntax("a malformed number", i)
            i = number.end()
        else:
            literal = next((word for word in LITERALS if text.startswith(word, i)), None)
            if literal is None:
                raise _syntax("not a JSON value", i)
            i += len(literal)
        # A value ended before i: close what it ends, then go on to the next member or item.
        while True:
            i = SPACE.match(text, i).end()
            if not open_containers:
                if i < len(text):
                    raise _syntax("text after the value", i)
                return None
            names = open_containers[-1]
            char = text[i:i + 1]
            if char == ("]" if names is None else "}"):
                open_containers.pop()
                i += 1
            elif char == ",":
                i = SPACE.match(text, i + 1).end()
                if names is not None:
                    i = _member_name(text, i, names)
                break
            else:
                what = "array" if names is None else "object"
                raise _syntax("expected a comma or the end of the " + what, i)


def unsigned(value, what):
    if not isinstance(value, Number):
        raise Refused("WRONG_TYPE", "%s must be an integer" % what)
    if not UNSIGNED.match(value) or int(value) > MAX_U64:
        raise Refused("INVALID_INTEGER", "%s must be an unsigned 64-bit integer" % what)
    return int(value)


def closed(obj, members, what):
    if not isinstance(obj, dict):
        # A line or a frame's entry that is no object is NOT_AN_OBJECT (JRN-LINE-1, JRN-ENT-1); a member
        # that should hold an object and holds another type is WRONG_TYPE.
        raise Refused("NOT_AN_OBJECT" if what in ("line", "entry") else "WRONG_TYPE", "%s must be an object" % what)
    for name in obj:
        if name not in members:
            code = "RETIRED_MEMBER" if (what == "metadata" and name == "at") else "UNKNOWN_MEMBER"
            raise Refused(code, "%s has a member %r it may not have" % (what, name))
    for name in members:
        if name not in obj:
            raise Refused("MISSING_MEMBER", "%s lacks %r" % (what, name))


def optional_text(value, what):
    if value is None:
        return
    if not isinstance(value, str) or isinstance(value, Number):
        raise Refused("WRONG_TYPE", "%s must be a string or null" % what)
    if len(value.encode("utf-8")) > FIELD_LIMIT:
        raise Refused("FIELD_TOO_LONG", "%s is longer than 1,024 bytes" % what)


def check_reserved(entry):
    """R-J7: ids starting harmos: are facts of three shapes, each a Record of byte values."""
    ident = entry["id"]
    if not ident.startswith("harmos:"):
        return
    shape_ok = False
    for prefix in ("harmos:work/", "harmos:sidecar/", "harmos:guest/"):
        if ident.startswith(prefix):
            owner, slash, name = ident[len(prefix):].partition("/")
            shape_ok = bool(owner) and bool(slash) and bool(name)
            if prefix == "harmos:sidecar/" and not OWNER.match(owner):
                shape_ok = False
    if not shape_ok:
        raise Refused("RESERVED_NAMESPACE", "%r is a reserved id of no known shape" % ident)
    if entry["kind"] != "Record":
        raise Refused("RESERVED_KIND", "a reserved fact is a Record")
    payload = entry["payload"]
    if not isinstance(payload, list) or not all(
            isinstance(b, Number) and UNSIGNED.match(b) and int(b) <= 255 for b in payload):
        raise Refused("RESERVED_PAYLOAD", "a reserved fact's payload is an array of bytes")


def check_entry(entry):
    """One entry and its metadata (JRN-ENT-1..3, JRN-MD-1, R-J5); returns its position."""
    closed(entry, ENTRY_MEMBERS, "entry")
    position = unsigned(entry["position"], "position")
    if position < 1:
        raise Refused("INVALID_POSITION", "positions start at 1")
    if not isinstance(entry["kind"], str) or isinstance(entry["kind"], Number):
        raise Refused("WRONG_TYPE", "kind must be a string")
    if entry["kind"] not in ("Transaction", "Record"):
        raise Refused("INVALID_KIND", "kind must be Transaction or Record")
    if not isinstance(entry["id"], str) or isinstance(entry["id"], Number):
        raise Refused("WRONG_TYPE", "id must be a string")
    if entry["id"] == "":
        raise Refused("EMPTY_ID", "id may not be empty")
    unsigned(entry["version"], "version")
    meta = entry["metadata"]
    closed(meta, METADATA_MEMBERS, "metadata")
    optional_text(meta["principal"], "principal")
    if not 1 <= unsigned(meta["correlation"], "correlation") <= position:
        raise Refused("INVALID_CORRELATION", "correlation must lie in [1, position]")
    if meta["causation"] is not None and not 1 <= unsigned(meta["causation"], "causation") < position:
        raise Refused("INVALID_CAUSATION", "causation must lie in [1, position)")
    optional_text(meta["request"], "request")
    link = meta["link"]
    if link is not None:
        if not isinstance(link, dict):
            # Another JSON type holds a type it may not hold; INVALID_LINK is for an object link.
            raise Refused("WRONG_TYPE", "a link is null or an object")
        if len(link) != 1 or not set(link) <= {"UndoOf", "RedoOf"}:
            if set(link) - {"UndoOf", "RedoOf"}:
                raise Refused("UNKNOWN_MEMBER", "a link names UndoOf or RedoOf only")
            raise Refused("INVALID_LINK", "a link has exactly one of UndoOf and RedoOf")
        if not 1 <= unsigned(next(iter(link.values())), "link target") < position:
            raise Refused("INVALID_LINK", "a link target must lie in [1, position)")
    at_us = meta["at_us"]
    if not isinstance(at_us, Number):
        raise Refused("WRONG_TYPE", "at_us must be an integer")
    if not SIGNED.match(at_us) or at_us == "-0" or not MIN_I64 <= int(at_us) <= MAX_I64:
        raise Refused("INVALID_INTEGER", "at_us must be a signed 64-bit integer")
    check_reserved(entry)
    return position


def compact(value):
    """The compact form of a parsed value: no whitespace, lexemes kept, minimal escapes (R-J6)."""
    if isinstance(value, Number):
        return value
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if value is None or value is True or value is False:
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ",".join(compact(v) for v in value) + "]"
    return "{" + ",".join(json.dumps(k, ensure_ascii=False) + ":" + compact(v) for k, v in value.items()) + "}"


def check_group(frame, line_bytes):
    """A group frame (R-J6): returns its entries."""
    if line_bytes > FRAME_LIMIT:
        raise Refused("FRAME_TOO_LARGE", "a frame line is at most 8 MiB")
    closed(frame, ("group", "first", "frontier", "entries"), "group frame")
    if unsigned(frame["group"], "group") != 1:
        raise Refused("UNSUPPORTED_GROUP_VERSION", "group must be 1")
    first, frontier = unsigned(frame["first"], "first"), unsigned(frame["frontier"], "frontier")
    entries = frame["entries"]
    if not isinstance(entries, list):
        raise Refused("WRONG_TYPE", "entries must be an array")
    if not entries:
        raise Refused("EMPTY_GROUP", "a group holds at least its transaction")
    if len(entries) > MAX_RECORDS + 1:
        raise Refused("GROUP_TOO_LARGE", "a group holds at most 256 records")
    txn = None
    for index, entry in enumerate(entries):
        position = check_entry(entry)
        if (entry["kind"] == "Transaction") != (index == 0):
            raise Refused("GROUP_SHAPE", "a group is one Transaction followed by Records")
        if index == 0:
            txn = entry
        else:
            if position != int(entries[index - 1]["position"]) + 1:
                raise Refused("POSITION_GAP" if position > int(entries[index - 1]["position"]) else "POSITION_NOT_ASCENDING",
                              "positions inside a group are contiguous")
            tm, rm = txn["metadata"], entry["metadata"]
            if (rm["principal"] != tm["principal"] or rm["correlation"] != tm["correlation"]
                    or rm["at_us"] != tm["at_us"] or rm["causation"] != txn["position"]
                    or rm["request"] is not None or rm["link"] is not None):
                raise Refused("RECORD_METADATA_MISMATCH", "a record repeats its transaction's witness")
    if sum(len(compact(e["payload"]).encode("utf-8")) for e in entries) > PAYLOAD_BUDGET:
        raise Refused("PAYLOAD_BUDGET_EXCEEDED", "a group's payloads exceed 4 MiB")
    if first != int(entries[0]["position"]) or frontier != int(entries[-1]["position"]):
        raise Refused("FRAME_BOUNDS", "first and frontier must match the entries")
    return entries


def decode_line(raw, number):
    """The line-level rules of R-J1, in the order JRN-ORD-1 gives: CR, blank, UTF-8."""
    if b"\r" in raw:
        raise Refused("CARRIAGE_RETURN", "line %d holds a CR" % number)
    if raw.strip(b" \t") == b"":
        raise Refused("BLANK_LINE", "line %d is blank" % number)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise Refused("JSON_INVALID_UTF8", "line %d is not UTF-8" % number) from None


def read_journal(data):
    """Reads a journal file (spec/journal): the observation of spec/protocol, or raises Refused."""
    if not data:
        raise Refused("EMPTY_FILE", "the file is empty")
    # The byte-order mark is decided by the first three bytes, the missing LF only at the end of the
    # file: the mark comes first in file order (JRN-ORD-1).
    if data.startswith(b"\xef\xbb\xbf"):
        raise Refused("JSON_BOM", "the file starts with a byte-order mark")
    last_lf = data.rfind(b"\n")
    if last_lf < 0:
        raise Refused("UNTERMINATED_HEADER", "the header line must end with LF")
    # The schema decides whether the bytes after the last LF are a torn tail (v3) or a line (v2).
    body, tail = data[:last_lf], data[last_lf + 1:]
    lines = body.split(b"\n")
    header = check_header(parse_line(decode_line(lines[0], 1)))
    if header[0] == 2 and tail:
        lines.append(tail)
        tail = b""
    schema, generation, origin = header
    entries, expected = [], None
    for number, raw in enumerate(lines[1:], 2):
        text = decode_line(raw, number)
        try:
            value = parse_line(text)
        except Refused as refusal:
            if schema == 2 and number == len(lines) and not data.endswith(b"\n") and refusal.code == "JSON_SYNTAX":
                raise Refused("UNTERMINATED_V2_LINE", "the last v2 line is cut off") from None
            raise
        if not isinstance(value, dict):
            raise Refused("NOT_AN_OBJECT", "line %d is not an object" % number)
        if "group" in value:
            if schema == 2:
                raise Refused("GROUP_IN_V2", "a version 2 file holds no group frames")
            line_entries = check_group(value, len(raw))
        else:
            check_entry(value)
            line_entries = [value]
        first, last = int(line_entries[0]["position"]), int(line_entries[-1]["position"])
        if expected is None:
            if first > origin + 1:
                raise Refused("POSITION_GAP", "the first position lies above origin + 1")
        elif first != expected:
            raise Refused("POSITION_GAP" if first > expected else "POSITION_NOT_ASCENDING", "line %d breaks the order" % number)
        if first <= origin < last:
            raise Refused("ORIGIN_INSIDE_GROUP", "origin falls inside a group")
        expected = last + 1
        entries.extend(e for e in line_entries if int(e["position"]) > origin)
    frontier = max(expected - 1, origin) if expected is not None else origin
    return {"schema": Number(schema), "generation": generation, "origin": Number(origin),
            "frontier": Number(frontier), "tornTailBytes": Number(len(tail)), "entries": entries}


def check_header(value):
    if not isinstance(value, dict):
        raise Refused("NOT_AN_OBJECT", "the header is not an object")
    if "schema" in value:
        schema = unsigned(value["schema"], "schema")
        if schema == 1:
            raise Refused("RETIRED_SCHEMA", "schema 1 is retired")
        if schema not in (2, 3):
            raise Refused("UNSUPPORTED_SCHEMA", "schema %d is not supported" % schema)
    closed(value, ("schema", "generation", "origin"), "header")
    unsigned(value["generation"], "generation")
    return int(value["schema"]), value["generation"], unsigned(value["origin"], "origin")


def observe(observation):
    """The observation with entries in the canonical member order (spec/protocol, Observations)."""
    entries = ",".join(
        "{" + ",".join('"%s":%s' % (m, compact(e[m]) if m != "metadata" else
                       "{" + ",".join('"%s":%s' % (k, compact(e["metadata"][k])) for k in METADATA_MEMBERS) + "}")
                       for m in ENTRY_MEMBERS) + "}"
        for e in observation["entries"])
    head = ",".join('"%s":%s' % (k, observation[k]) for k in ("schema", "generation", "origin", "frontier", "tornTailBytes"))
    return "{%s,\"entries\":[%s]}" % (head, entries)


def run(op, path):
    """One case: ("accept", observation text) | ("reject", code, message) | ("skip", reason)."""
    if op != "journal.read":
        return ("skip", "this starter serves journal.read only")
    with open(path, "rb") as handle:
        data = handle.read()
    try:
        return ("accept", observe(read_journal(data)))
    except Refused as refusal:
        return ("reject", refusal.code, str(refusal))


def run_exec(op, path):
    """Exec mode (v1.1): exit 0 with the observation, or print `code: <CODE>` first and exit 1."""
    outcome = run(op, path)
    if outcome[0] == "accept":
        sys.stdout.write(outcome[1] + "\n")
        return EXIT_ACCEPT
    if outcome[0] == "reject":
        sys.stdout.write("code: %s\n%s\n" % (outcome[1], outcome[2]))
        return EXIT_REJECT
    sys.stdout.write(outcome[1] + "\n")
    return EXIT_SKIP


def run_persistent():
    """Persistent mode: one JSON request per stdin line, one JSON reply per stdout line."""
    for line in sys.stdin:
        request = json.loads(line)
        if request["cmd"] == "start":
            reply = json.dumps({"protocol": 1, "implementation": IMPLEMENTATION,
                                "ops": {"journal.read": {"observe": True}}})
        elif request["cmd"] == "run":
            seq = request["seq"]
            try:
                outcome = run(request["op"], request["input"])
            except Exception as error:  # a bug of this testee, reported as such (never as a verdict)
                outcome = ("errored", "%s: %s" % (type(error).__name__, error))
            if outcome[0] == "accept":
                reply = '{"seq":%d,"accept":true,"observation":%s}' % (seq, outcome[1])
            elif outcome[0] == "reject":
                reply = json.dumps({"seq": seq, "accept": False, "code": outcome[1], "message": outcome[2]})
            elif outcome[0] == "skip":
                reply = json.dumps({"seq": seq, "skipped": outcome[1]})
            else:
                reply = json.dumps({"seq": seq, "errored": outcome[1]})
        else:
            return 0
        sys.stdout.write(reply + "\n")
        sys.stdout.flush()
    return 0


def main(args):
    if args == ["--persistent"]:
        return run_persistent()
    if len(args) == 2:
        return run_exec(args[0], args[1])
    sys.stderr.write("usage: journal_starter.py (journal.read <input> | --persistent)\n")
    return EXIT_USAGE


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
