"""journal.read: the harmos JSONL journal (v3, v2 readable), written from spec/journal and the R-J* resolutions (spec/resolutions.md).

Stages: split the file into the header, the complete lines and the torn tail; check the bytes of
the inspected region; parse each line as strict JSON; check each header, frame and entry shape;
check positions across the file; build the observation.
"""

import re

import faults
from strict_json import JsonRefused, Num, decode_utf8, parse_text, write_compact

BOM = b"\xef\xbb\xbf"
MAX_U64 = (1 << 64) - 1
MIN_I64 = -(1 << 63)
MAX_I64 = (1 << 63) - 1
MAX_RECORDS_PER_GROUP = 256
MAX_FRAME_BYTES = 8 * 1024 * 1024
MAX_PAYLOAD_BUDGET = 4 * 1024 * 1024
MAX_TEXT_BYTES = 1024
# The reader's own limit (spec/journal, Reader limits; JSON-LIMIT-1): members of the objects open at once in one line.
MAX_OPEN_MEMBERS = 1 << 19
# R-S2: no 64-bit integer takes more than 20 bytes (20 digits unsigned, a sign and 19 digits signed).
MAX_INTEGER_LEXEME = 20

HEADER_MEMBERS = ("schema", "generation", "origin")
FRAME_MEMBERS = ("group", "first", "frontier", "entries")
ENTRY_MEMBERS = ("position", "kind", "id", "version", "metadata", "payload")
METADATA_MEMBERS = ("principal", "correlation", "causation", "request", "link", "at_us")
LINK_MEMBERS = ("UndoOf", "RedoOf")

UNSIGNED = re.compile(r"(?:0|[1-9][0-9]*)\Z")
SIGNED = re.compile(r"-?(0|[1-9][0-9]*)\Z")
SIDECAR_OWNER = re.compile(r"[a-z][a-z0-9.-]*\Z")


class Refused(Exception):
    """The journal is refused: `code` from spec/journal/error-codes.json, `line` 1-based when known."""

    def __init__(self, code, message, line=None):
        super().__init__(message)
        self.code = code
        self.line = line


def read_journal(data):
    """Reads a whole journal file (bytes) and returns the recovered journal observation (a dict)."""
    return read_journal_details(data)[0]


def read_journal_details(data):
    """Like read_journal, plus what an append needs: (observation, last stored position, header bytes
    length, inspected prefix bytes)."""
    try:
        return _read(data)
    except JsonRefused as exc:
        raise Refused(exc.code, str(exc)) from None


def _read(data):
    if not data:
        raise Refused("EMPTY_FILE", "empty file")  # R-J1
    if data.startswith(BOM) and not faults.on("journal-bom-skipped"):
        raise Refused("JSON_BOM", "byte-order mark")  # R-J1
    if data.startswith(BOM):
        data = data[len(BOM):]
    header_end = data.find(b"\n")
    if header_end < 0:
        if not faults.on("journal-header-lf-optional"):
            raise Refused("UNTERMINATED_HEADER", "header line has no LF", 1)  # R-J1
        header_end = len(data)
    # JRN-ORD-1: a line's bytes (CR, UTF-8) are judged before its JSON text, the header's too.
    _check_bytes(data[:header_end], 1)
    if data[:header_end].strip(b" \t") == b"":
        raise Refused("BLANK_LINE", "blank header line", 1)  # R-J1
    header = _parse_line(data[:header_end], 1)
    schema, generation, origin = _check_header(header)

    if schema == 3:
        # R-J3: the bytes after the last LF are a torn tail, outside the recovered prefix.
        last_lf = data.rfind(b"\n")
        inspected = data[: last_lf + 1] if last_lf >= 0 else data
        torn = data[last_lf + 1:] if last_lf >= 0 else b""
        if torn and faults.on("journal-torn-tail-refused"):
            raise Refused("JSON_SYNTAX", "unterminated final line")
        if torn and faults.on("journal-torn-tail-kept"):
            inspected, torn = data, b""
    else:
        inspected, torn = data, b""

    body = inspected[header_end + 1:]
    pieces = body.split(b"\n")
    # The piece after the final LF is empty for a terminated file; in v2 it may be a final line without LF.
    if pieces and pieces[-1] == b"":
        pieces.pop()
    entries = []
    previous = None
    for offset, raw in enumerate(pieces):
        line_no = offset + 2
        # Single pass: each line's bytes are judged when the line is reached.
        _check_bytes(raw, line_no)
        if raw.strip(b" \t") == b"":
            if faults.on("journal-blank-line-skipped"):
                continue
            raise Refused("BLANK_LINE", "blank line", line_no)  # R-J1
        if faults.on("journal-cr-tolerated") and raw.endswith(b"\r"):
            raw = raw[:-1]
        unterminated = schema == 2 and offset == len(pieces) - 1 and not inspected.endswith(b"\n")
        try:
            value = _parse_line(raw, line_no)
        except Refused as exc:
            if unterminated and exc.code == "JSON_SYNTAX":
                # R-J3: an unparsable final v2 line without LF is refused, never dropped.
                raise Refused("UNTERMINATED_V2_LINE", "unparsable final v2 line", line_no) from None
            raise
        if not isinstance(value, dict):
            raise Refused("NOT_AN_OBJECT", "a line must be a JSON object", line_no)
        if "group" in value:
            if schema == 2 and not faults.on("journal-v2-group-allowed"):
                raise Refused("GROUP_IN_V2", "group frame in a v2 file", line_no)  # R-J2
            entries.append(_check_frame(value, raw, line_no))
        else:
            entries.append([_check_entry(value, line_no)])
        previous = _check_positions(entries[-1], origin, previous, line_no)

    flat = [entry for line in entries for entry in line]
    last = flat[-1]["position"] if flat else 0
    frontier = max(last, origin) if not faults.on("journal-frontier-ignores-origin") else (last or origin)
    fold_line = origin - 1 if faults.on("journal-entry-at-origin-returned") else origin
    returned = [entry["source"] for entry in flat if entry["position"] > fold_line]
    observation = {
        "schema": Num(str(schema)),
        "generation": Num(str(generation)),
        "origin": Num(str(origin)),
        "frontier": Num(str(frontier)),
        "tornTailBytes": Num(str(len(torn) + (1 if faults.on("journal-torn-length-off-by-one") and torn else 0))),
        "entries": returned,
    }
    return observation, last, header_end, inspected


def _check_bytes(raw, line_no):
    """R-J1: no CR byte and valid UTF-8 in one inspected line."""
    if b"\r" in raw and not faults.on("journal-cr-tolerated"):
        raise Refused("CARRIAGE_RETURN", "CR byte in the file", line_no)
    try:
        decode_utf8(raw)
    except JsonRefused as exc:
        raise Refused(exc.code, str(exc), line_no) from None


def _parse_line(raw, line_no):
    if faults.on("journal-trailing-bytes-accepted"):
        from strict_json import _DECODER, _skip_ws  # noqa: PLC0415 (fault only)

        try:
            return _DECODER.raw_decode(decode_utf8(raw), _skip_ws(decode_utf8(raw), 0))[0]
        except ValueError:
            raise Refused("JSON_SYNTAX", "not JSON", line_no) from None
    try:
        value = parse_text(decode_utf8(raw))
    except JsonRefused as exc:
        raise Refused(exc.code, str(exc), line_no) from None
    _check_open_members(value, line_no)
    return value


def _check_open_members(value, line_no):
    """The reader's limit on the members of the objects open at once (begun, not yet ended) in one line.

    An object nested in a member is open while its ancestors hold the members read up to that one.
    """
    stack = [(value, 0)]
    while stack:
        item, around = stack.pop()
        if isinstance(item, dict):
            for count, member in enumerate(item.values(), start=1):
                if around + count > MAX_OPEN_MEMBERS:
                    raise Refused("LIMIT_EXCEEDED", "more members open at once than this reader holds", line_no)
                stack.append((member, around + count))
        elif isinstance(item, list):
            stack.extend((member, around) for member in item)


def _check_members(obj, allowed, required, line_no, where):
    for name in obj:
        if name not in allowed:
            if where == "metadata" and name == "at":
                raise Refused("RETIRED_MEMBER", "retired member at", line_no)  # R-J5
            if not faults.on("journal-unknown-member-tolerated"):
                raise Refused("UNKNOWN_MEMBER", "unknown member %r in %s" % (name, where), line_no)  # R-J5
    for name in required:
        if name not in obj:
            raise Refused("MISSING_MEMBER", "missing member %r in %s" % (name, where), line_no)


def _unsigned(value, line_no, what):
    """R-S2: an unsigned integer is the lexeme 0|[1-9][0-9]* and fits in 64 bits."""
    if isinstance(value, Num):
        lexeme = value.lexeme
        if faults.on("journal-float-integers-accepted"):
            try:
                number = float(lexeme)
            except ValueError:
                number = None
            if number is not None and number.is_integer() and number >= 0:
                return int(lexeme) if UNSIGNED.match(lexeme) else int(number)
        # The length decides first: int() of a very long lexeme is slow, and refused past 4,300 digits.
        if UNSIGNED.match(lexeme) and len(lexeme) <= MAX_INTEGER_LEXEME and int(lexeme) <= MAX_U64:
            return int(lexeme)
    raise Refused("INVALID_INTEGER" if isinstance(value, Num) else "WRONG_TYPE",
                  "%s must be an unsigned integer" % what, line_no)


def _signed64(value, line_no, what):
    """R-S2: a signed 64-bit integer; `-0` is refused."""
    if isinstance(value, Num) and SIGNED.match(value.lexeme) and len(value.lexeme) <= MAX_INTEGER_LEXEME:
        if faults.on("journal-at-us-unsigned") and value.lexeme.startswith("-"):
            raise Refused("INVALID_INTEGER", "%s must be an unsigned integer" % what, line_no)
        if value.lexeme == "-0" and not faults.on("journal-minus-zero-accepted"):
            raise Refused("INVALID_INTEGER", "%s is -0" % what, line_no)
        number = int(value.lexeme)
        if MIN_I64 <= number <= MAX_I64:
            return number
    raise Refused("INVALID_INTEGER" if isinstance(value, Num) else "WRONG_TYPE",
                  "%s must be a signed 64-bit integer" % what, line_no)


def _check_header(header):
    if not isinstance(header, dict):
        raise Refused("NOT_AN_OBJECT", "header must be an object", 1)
    # R-J2: a retired or unknown version is named before anything else of the header is judged.
    if "schema" in header and isinstance(header["schema"], Num) and UNSIGNED.match(header["schema"].lexeme):
        _check_schema(_unsigned(header["schema"], 1, "schema"))
    _check_members(header, HEADER_MEMBERS, HEADER_MEMBERS, 1, "header")
    schema = _check_schema(_unsigned(header["schema"], 1, "schema"))
    return schema, _unsigned(header["generation"], 1, "generation"), _unsigned(header["origin"], 1, "origin")


def _check_schema(schema):
    if schema == 1 and not faults.on("journal-any-schema-accepted"):
        raise Refused("RETIRED_SCHEMA", "schema 1 is retired", 1)  # R-J2
    if schema not in (2, 3):
        if faults.on("journal-any-schema-accepted"):
            schema = 3
        else:
            raise Refused("UNSUPPORTED_SCHEMA", "unsupported schema %d" % schema, 1)  # R-J2
    if schema == 2 and faults.on("journal-v2-refused"):
        raise Refused("UNSUPPORTED_SCHEMA", "schema 2 refused", 1)
    return schema


def _utf8_length(text):
    if faults.on("journal-text-limit-in-characters"):
        return len(text)
    return len(text.encode("utf-8"))


def _text_or_null(value, line_no, what):
    if value is None:
        return None
    if not isinstance(value, str):
        raise Refused("WRONG_TYPE", "%s must be a string or null" % what, line_no)
    if _utf8_length(value) > MAX_TEXT_BYTES:
        raise Refused("FIELD_TOO_LONG", "%s over 1,024 UTF-8 bytes" % what, line_no)  # R-J5
    return value


def _check_entry(entry, line_no):
    """Checks one entry (standalone or inside a frame); returns {position, kind, ..., source}."""
    if not isinstance(entry, dict):
        raise Refused("NOT_AN_OBJECT", "an entry must be an object", line_no)
    _check_members(entry, ENTRY_MEMBERS, ENTRY_MEMBERS, line_no, "entry")
    position = _unsigned(entry["position"], line_no, "position")
    if position < 1:
        raise Refused("INVALID_POSITION", "position 0", line_no)  # R-J4
    kind = entry["kind"]
    if not isinstance(kind, str):
        raise Refused("WRONG_TYPE", "kind must be a string", line_no)
    if kind not in ("Transaction", "Record"):
        raise Refused("INVALID_KIND", "kind must be Transaction or Record", line_no)
    ident = entry["id"]
    if not isinstance(ident, str):
        raise Refused("WRONG_TYPE", "id must be a string", line_no)
    if ident == "":
        raise Refused("EMPTY_ID", "id must not be empty", line_no)
    _unsigned(entry["version"], line_no, "version")
    metadata = _check_metadata(entry["metadata"], position, line_no)
    _check_reserved_id(ident, kind, entry["payload"], line_no)
    return {"position": position, "kind": kind, "metadata": metadata, "payload": entry["payload"], "source": entry}


def _check_metadata(metadata, position, line_no):
    if not isinstance(metadata, dict):
        raise Refused("WRONG_TYPE", "metadata must be an object", line_no)
    if "at" in metadata and faults.on("journal-retired-at-tolerated") and "at_us" in metadata:
        metadata = {k: v for k, v in metadata.items() if k != "at"}
    _check_members(metadata, METADATA_MEMBERS, METADATA_MEMBERS, line_no, "metadata")
    principal = _text_or_null(metadata["principal"], line_no, "principal")
    request = _text_or_null(metadata["request"], line_no, "request")
    correlation = _unsigned(metadata["correlation"], line_no, "correlation")
    # R-J5: a family is named by the position that opened it, so it is never above the entry.
    if correlation < 1 or (correlation > position and not faults.on("journal-correlation-unbounded")):
        raise Refused("INVALID_CORRELATION", "correlation out of range", line_no)
    causation = metadata["causation"]
    if causation is not None:
        causation = _unsigned(causation, line_no, "causation")
        limit = position + 1 if faults.on("journal-causation-may-equal-position") else position
        if not 1 <= causation < limit:
            raise Refused("INVALID_CAUSATION", "causation out of range", line_no)  # R-J5
    link = metadata["link"]
    if link is not None:
        if not isinstance(link, dict):
            raise Refused("WRONG_TYPE", "link must be null or an object", line_no)
        _check_members(link, LINK_MEMBERS, (), line_no, "link")
        if len(link) != 1:
            raise Refused("INVALID_LINK", "link must hold exactly one of UndoOf, RedoOf", line_no)
        target = _unsigned(next(iter(link.values())), line_no, "link target")
        if not 1 <= target < position:
            raise Refused("INVALID_LINK", "link target out of range", line_no)  # R-J5
    at_us = _signed64(metadata["at_us"], line_no, "at_us")
    return {"principal": principal, "correlation": correlation, "causation": causation,
            "request": request, "link": link, "at_us": at_us}


def _check_reserved_id(ident, kind, payload, line_no):
    """R-J7: the harmos: namespace holds three reserved id shapes; every other harmos: id is refused."""
    if not ident.startswith("harmos:"):
        return
    if not _reserved_shape_ok(ident):
        if faults.on("journal-reserved-namespace-open"):
            return
        raise Refused("RESERVED_NAMESPACE", "reserved id %r" % ident, line_no)
    if kind != "Record":
        raise Refused("RESERVED_KIND", "a reserved id must be a Record", line_no)
    if not isinstance(payload, list):
        raise Refused("RESERVED_PAYLOAD", "a reserved payload must be an array of bytes", line_no)
    for item in payload:
        if not (isinstance(item, Num) and UNSIGNED.match(item.lexeme)):
            raise Refused("RESERVED_PAYLOAD", "a reserved payload must hold byte values", line_no)
        if (len(item.lexeme) > 3 or int(item.lexeme) > 255) and not faults.on("journal-byte-range-unchecked"):
            raise Refused("RESERVED_PAYLOAD", "a byte value above 255", line_no)


def _reserved_shape_ok(ident):
    for prefix in ("harmos:work/", "harmos:sidecar/", "harmos:guest/"):
        if ident.startswith(prefix):
            rest = ident[len(prefix):]
            if faults.on("journal-reserved-split-at-last-slash"):
                cut = rest.rfind("/")
            else:
                cut = rest.find("/")  # R-J7: split at the first slash after the prefix
            if cut < 0:
                return False
            owner, name = rest[:cut], rest[cut + 1:]
            if owner == "" or name == "":
                return False
            if prefix == "harmos:work/" and "/" in owner:
                return False
            if prefix == "harmos:sidecar/" and not SIDECAR_OWNER.match(owner):
                return faults.on("journal-sidecar-owner-unchecked")
            return True
    return False


def _check_frame(frame, raw, line_no):
    """R-J6: one transaction and its records on one line, with shared metadata and bounded size."""
    _check_members(frame, FRAME_MEMBERS, FRAME_MEMBERS, line_no, "group frame")
    if not isinstance(frame["group"], Num):
        raise Refused("WRONG_TYPE", "group must be an integer", line_no)
    if frame["group"].lexeme != "1":
        raise Refused("UNSUPPORTED_GROUP_VERSION", "group must be 1", line_no)
    first = _unsigned(frame["first"], line_no, "first")
    frontier = _unsigned(frame["frontier"], line_no, "frontier")
    items = frame["entries"]
    if not isinstance(items, list):
        raise Refused("WRONG_TYPE", "entries must be an array", line_no)
    if not items:
        raise Refused("EMPTY_GROUP", "entries must not be empty", line_no)
    limit = MAX_RECORDS_PER_GROUP + (2 if faults.on("journal-record-count-off-by-one") else 1)
    if len(items) > limit:
        raise Refused("GROUP_TOO_LARGE", "more than 256 records in a group", line_no)
    if len(raw) > MAX_FRAME_BYTES and not faults.on("journal-frame-bound-unchecked"):
        raise Refused("FRAME_TOO_LARGE", "group frame over 8 MiB", line_no)
    entries = [_check_entry(item, line_no) for item in items]
    head = entries[0]
    if head["kind"] != "Transaction":
        raise Refused("GROUP_SHAPE", "a group starts with its transaction", line_no)
    for index, entry in enumerate(entries):
        if index and entry["kind"] != "Record":
            raise Refused("GROUP_SHAPE", "only records follow the transaction", line_no)
        expected = head["position"] + index
        if entry["position"] != expected and not faults.on("journal-position-gap-allowed"):
            # R-J4: contiguous inside a group too; higher is a gap, lower or equal goes back.
            if entry["position"] > expected:
                raise Refused("POSITION_GAP", "entries of a group are contiguous", line_no)
            raise Refused("POSITION_NOT_ASCENDING", "entries of a group ascend", line_no)
        if index and not faults.on("journal-record-metadata-unchecked"):
            _check_record_witness(entry["metadata"], head, line_no)
    if first != head["position"] or frontier != entries[-1]["position"]:
        raise Refused("FRAME_BOUNDS", "first/frontier disagree with the entries", line_no)
    budget_items = entries[1:] if faults.on("journal-budget-excludes-transaction") else entries
    budget = sum(len(write_compact(entry["payload"]).encode("utf-8")) for entry in budget_items)
    if budget > MAX_PAYLOAD_BUDGET:
        raise Refused("PAYLOAD_BUDGET_EXCEEDED", "payload budget over 4 MiB", line_no)  # R-J6
    for entry in entries:
        entry["line"] = line_no
    return entries


def _check_record_witness(metadata, head, line_no):
    tx = head["metadata"]
    if (metadata["principal"] != tx["principal"] or metadata["correlation"] != tx["correlation"]
            or metadata["at_us"] != tx["at_us"]):
        raise Refused("RECORD_METADATA_MISMATCH", "a record must share the transaction's witness", line_no)
    if metadata["causation"] != head["position"]:
        raise Refused("RECORD_METADATA_MISMATCH", "a record's causation names its transaction", line_no)
    if metadata["request"] is not None or metadata["link"] is not None:
        raise Refused("RECORD_METADATA_MISMATCH", "a record has no request and no link", line_no)


def _check_positions(line, origin, previous, line_no):
    """R-J4: contiguous ascending positions from at most origin + 1; origin on a group boundary.

    Judged line by line; returns the line's last position for the next line.
    """
    first, last = line[0]["position"], line[-1]["position"]
    if previous is None:
        if first > origin + 1 and not faults.on("journal-position-gap-allowed"):
            raise Refused("POSITION_GAP", "first position leaves a gap above origin", line_no)
    elif first <= previous:
        raise Refused("POSITION_NOT_ASCENDING", "positions must ascend", line_no)
    elif first != previous + 1 and not faults.on("journal-position-gap-allowed"):
        raise Refused("POSITION_GAP", "positions are not contiguous", line_no)
    if first <= origin < last and not faults.on("journal-origin-inside-group-allowed"):
        raise Refused("ORIGIN_INSIDE_GROUP", "origin inside a group", line_no)
    return last
