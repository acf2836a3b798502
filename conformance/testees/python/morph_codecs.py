"""The six registered MORPH codecs (R-M1): the five native ones encoded and decoded here, toon
answered `skipped` where its payload is needed (it is the official JavaScript package).

Decoding follows MORPH-ORDER-1: layout metadata, declared identity, payload text, the codec's own
stages, then the digest of the decoded value. Written from spec/morph/README.md.
"""

import re

import faults
from morph_core import (MAX_DEPTH, MAX_NODES, MAX_TEXT_BYTES, Refused, Skipped, check_limits,
                        is_hex64, is_unsigned, js_number_string, lexeme_double, measure, parse_json,
                        semantic_digest)
from strict_json import Num, write_compact

JSON_COMPACT, JSON_LINES, ROWS, COLUMNS, PATH_VALUE, TOON = (
    "json-compact", "json-lines", "rows-delimited", "columns-json", "path-value", "toon")
REGISTERED = {(JSON_COMPACT, "1"), (JSON_LINES, "1"), (ROWS, "1"), (COLUMNS, "1"), (PATH_VALUE, "1"),
              (TOON, "4.1.1")}
ROW_DELIMITERS = ("\t", ",", "|", ";")  # MORPH-RD-2
TOON_DELIMITERS = (",", "\t", "|")  # R-M14
INPUT_KINDS = ("json-text", "js-value")
ROOT_KINDS = ("null", "boolean", "string", "number", "array", "object")
SHARED_MEMBERS = ("irVersion", "inputKind", "semanticDigest")  # MORPH-LAYOUT-1
OWN_MEMBERS = {
    JSON_COMPACT: ("rootKind",),
    JSON_LINES: ("root", "elementCount", "lineFramingVersion"),
    ROWS: ("root", "rowCount", "fields", "delimiter", "cellCodec"),
    COLUMNS: ("root", "rowCount", "fields", "columnCodec"),
    PATH_VALUE: ("root", "recordCount", "pointer", "recordCodec"),
}
TOON_MEMBERS = ("adapter", "packageVersion", "delimiter", "inputKind", "indentSize", "strictDecode")
NUMBER_LEXEME = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?\Z")
ARRAY_INDEX = re.compile(r"(?:0|[1-9][0-9]*)\Z")
SAFE_INTEGER = 2 ** 53 - 1


def is_registered(encoding, version):
    """R-M1: exact (encoding, formatVersion) pairs only."""
    if faults.on("morph-version-ignored"):
        return any(encoding == e for e, _ in REGISTERED)
    return (encoding, version) in REGISTERED


def check_options(encoding, options):
    """R-M11b: {delimiter} for rows-delimited and toon, {} for the others."""
    if encoding in (ROWS, TOON):
        allowed = ROW_DELIMITERS if encoding == ROWS else TOON_DELIMITERS
        ok = isinstance(options, dict) and list(options) == ["delimiter"] and options["delimiter"] in allowed
    else:
        ok = isinstance(options, dict) and not options
    if not ok:
        raise Refused("INVALID_CODEC_OPTIONS", "invalid options for %s (R-M11b)" % encoding)


# ---------------------------------------------------------------- applicability and encoding


def kind_of(value):
    if value is None:
        return "null"
    if value is True or value is False:
        return "boolean"
    if isinstance(value, str):
        return "string"
    if isinstance(value, Num):
        return "number"
    return "array" if isinstance(value, list) else "object"


def _is_primitive(value):
    return not isinstance(value, (list, dict))


def _record_fields(value):
    """MORPH-RD-1: the field list of a uniform primitive record array, or None when inapplicable."""
    if not isinstance(value, list) or not value or not isinstance(value[0], dict) or not value[0]:
        return None
    fields = list(value[0])
    names = set(fields)
    for record in value:
        if not isinstance(record, dict) or set(record) != names:
            return None
        if not all(_is_primitive(cell) for cell in record.values()):
            return None
    return fields


def _path_records(value):
    """R-M13: pre-order typed records, members in display order, items by index."""
    lines = []
    stack = [("", value)]
    while stack:
        path, item = stack.pop()
        if isinstance(item, dict):
            lines.append([path, "object"])
            members = sorted(item.items()) if faults.on("encode-path-value-members-sorted") else item.items()
            children = [(path + "/" + escape_pointer(name), child) for name, child in members]
        elif isinstance(item, list):
            lines.append([path, "array", Num(str(len(item)))])
            children = [("%s/%d" % (path, index), child) for index, child in enumerate(item)]
        else:
            if isinstance(item, str):
                lines.append([path, "string", item])
            elif isinstance(item, Num):
                lines.append([path, "number", item.lexeme])
            elif item is None:
                lines.append([path, "null"])
            else:
                lines.append([path, "boolean", item])
            continue
        stack.extend(reversed(children))
    return lines


def escape_pointer(name):
    """RFC 6901: `~` as `~0`, `/` as `~1`."""
    return name.replace("~", "~0").replace("/", "~1")


def _fill_sparse(value):
    """Fault encode-rows-sparse-filled: every record given every field seen, missing ones null."""
    if not isinstance(value, list) or not value or not all(isinstance(r, dict) for r in value):
        return value
    fields = []
    for record in value:
        fields.extend(f for f in record if f not in fields)
    return [{f: record.get(f) for f in fields} for record in value]


def encode_native(encoding, options, value):
    """(payload, own layout members) for a native codec; CODEC_INAPPLICABLE when it cannot carry it."""
    if faults.on("encode-rows-sparse-filled") and encoding in (ROWS, COLUMNS):
        value = _fill_sparse(value)
    if faults.on("encode-lines-any-root") and encoding == JSON_LINES and not isinstance(value, list):
        return write_compact(value), {"root": "array", "elementCount": Num("1"), "lineFramingVersion": "1"}
    if encoding == JSON_COMPACT:
        return write_compact(value), {"rootKind": kind_of(value)}
    if encoding == JSON_LINES:
        if not isinstance(value, list):
            raise Refused("CODEC_INAPPLICABLE", "json-lines carries a root array only (MORPH-JL-1)")
        return "\n".join(write_compact(item) for item in value), {
            "root": "array", "elementCount": Num(str(len(value))), "lineFramingVersion": "1"}
    if encoding in (ROWS, COLUMNS):
        fields = _record_fields(value)
        if fields is None:
            raise Refused("CODEC_INAPPLICABLE", "%s carries uniform primitive records only (MORPH-RD-1)" % encoding)
        count = Num(str(len(value)))
        if faults.on("encode-fields-sorted"):
            fields = sorted(fields)
        if encoding == ROWS:
            delimiter = "\t" if faults.on("encode-rows-delimiter-ignored") else options["delimiter"]
            payload = "\n".join(delimiter.join(write_compact(record[f]) for f in fields) for record in value)
            return payload, {"root": "array-of-objects", "rowCount": count, "fields": fields,
                             "delimiter": delimiter, "cellCodec": "json-scalar-v1"}
        columns = [[record[f] for record in value] for f in fields]
        return write_compact(columns), {"root": "array-of-objects", "rowCount": count, "fields": fields,
                                        "columnCodec": "json-array-v1"}
    records = _path_records(value)
    return "\n".join(write_compact(r) for r in records), {
        "root": "typed-node-records", "recordCount": Num(str(len(records))), "pointer": "rfc6901",
        "recordCodec": "typed-json-lines-v1"}


def toon_number_ok(lexeme):
    """MORPH-TOON-1: finite, not -0, prints back as itself, a safe integer when integral."""
    double = lexeme_double(lexeme)
    if double in (float("inf"), float("-inf")):
        return False
    if double == 0 and str(double).startswith("-"):
        return False
    if js_number_string(double) != lexeme:
        return False
    return not (double.is_integer() and abs(double) > SAFE_INTEGER)


def _js_key_order(names):
    """The order a JavaScript object lists these member names in: array indices first, ascending."""
    indices = [n for n in names if ARRAY_INDEX.match(n) and int(n) <= 2 ** 32 - 2]
    others = [n for n in names if n not in set(indices)]
    return sorted(indices, key=int) + others


def check_toon_applicable(value):
    """MORPH-TOON-1 on every number, then R-M17 on every object's member order."""
    stack = [value]
    objects = []
    while stack:
        item = stack.pop()
        if isinstance(item, Num):
            if not toon_number_ok(item.lexeme):
                raise Refused("TOON_NUMBER_INAPPLICABLE", "toon cannot carry %s (MORPH-TOON-1)" % item.lexeme)
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, dict):
            objects.append(item)
            stack.extend(item.values())
    for item in objects:
        names = list(item)
        if _js_key_order(names) != names:
            raise Refused("CODEC_INAPPLICABLE", "toon would reorder integer-like members (R-M17)")


# ---------------------------------------------------------------- decoding


def _invalid(member):
    return Refused("LAYOUT_INVALID_VALUE", "layout member %s has a wrong value (MORPH-LAYOUT-1)" % member)


def _check_fields(fields):
    if not isinstance(fields, list) or not fields or not all(isinstance(f, str) for f in fields):
        raise _invalid("fields")
    if len(set(fields)) != len(fields):
        raise Refused("DUPLICATE_FIELD", "a field name is repeated (MORPH-RD-2)")


def _check_count(layout, member, minimum, fixed_nodes):
    value = layout[member]
    if not is_unsigned(value) or int(value.lexeme) < minimum:
        raise _invalid(member)
    # R-M11a: declared sizes bounded before anything is allocated (each unit is at least one node).
    if fixed_nodes + int(value.lexeme) > MAX_NODES:
        raise Refused("LIMIT_EXCEEDED", "declared %s over the node limit (R-M2)" % member)
    return int(value.lexeme)


def check_layout(encoding, layout):
    """MORPH-LAYOUT-1 and the codec's own members, in MORPH-ORDER-1 order; returns the counts."""
    if not isinstance(layout, dict):
        raise Refused("LAYOUT_NOT_OBJECT", "layout metadata is not an object (MORPH-LAYOUT-1)")
    members = SHARED_MEMBERS + OWN_MEMBERS[encoding]
    for name in layout:
        if name not in members and not faults.on("morph-layout-unknown-member-allowed"):
            raise Refused("LAYOUT_UNKNOWN_MEMBER", "unknown layout member %s (MORPH-LAYOUT-1)" % name)
    for name in members:
        if name not in layout:
            raise Refused("LAYOUT_MISSING_MEMBER", "missing layout member %s (MORPH-LAYOUT-1)" % name)
    if layout["irVersion"] != "morph-ir/1":
        raise _invalid("irVersion")
    if layout["inputKind"] not in INPUT_KINDS:
        raise _invalid("inputKind")
    if not is_hex64(layout["semanticDigest"]):
        raise _invalid("semanticDigest")
    counts = {}
    if encoding == JSON_COMPACT:
        if layout["rootKind"] not in ROOT_KINDS:
            raise _invalid("rootKind")
    elif encoding == JSON_LINES:
        if layout["root"] != "array":
            raise _invalid("root")
        counts["elements"] = _check_count(layout, "elementCount", 0, 1)  # plus the root array
        if layout["lineFramingVersion"] != "1":
            raise _invalid("lineFramingVersion")
    elif encoding in (ROWS, COLUMNS):
        if layout["root"] != "array-of-objects":
            raise _invalid("root")
        rows = layout["rowCount"]
        if not is_unsigned(rows) or int(rows.lexeme) < 1:
            raise _invalid("rowCount")
        _check_fields(layout["fields"])
        counts["rows"] = int(rows.lexeme)
        # R-M11a: rows x fields cells are declared; refuse them before allocating.
        # The root, one object per row and one value per cell: every value counts one (R-M2).
        if 1 + counts["rows"] * (1 + len(layout["fields"])) > MAX_NODES:
            raise Refused("LIMIT_EXCEEDED", "declared rows x fields over the node limit (R-M2)")
        if encoding == ROWS:
            if layout["delimiter"] not in ROW_DELIMITERS:
                raise _invalid("delimiter")
            if layout["cellCodec"] != "json-scalar-v1":
                raise _invalid("cellCodec")
        elif layout["columnCodec"] != "json-array-v1":
            raise _invalid("columnCodec")
    else:
        if layout["root"] != "typed-node-records":
            raise _invalid("root")
        counts["records"] = _check_count(layout, "recordCount", 1, 0)  # one record per node
        if layout["pointer"] != "rfc6901":
            raise _invalid("pointer")
        if layout["recordCodec"] != "typed-json-lines-v1":
            raise _invalid("recordCodec")
    return counts


def check_toon_layout(layout):
    """R-M14: exactly the six toon members with their values."""
    if not isinstance(layout, dict):
        raise Refused("LAYOUT_NOT_OBJECT", "layout metadata is not an object (R-M14)")
    for name in layout:
        if name not in TOON_MEMBERS:
            raise Refused("LAYOUT_UNKNOWN_MEMBER", "unknown layout member %s (R-M14)" % name)
    for name in TOON_MEMBERS:
        if name not in layout:
            raise Refused("LAYOUT_MISSING_MEMBER", "missing layout member %s (R-M14)" % name)
    expected = {"adapter": lambda v: v == "official-@toon-format/toon", "packageVersion": lambda v: v == "4.1.1",
                "delimiter": lambda v: v in TOON_DELIMITERS, "inputKind": lambda v: v in INPUT_KINDS,
                "indentSize": lambda v: isinstance(v, Num) and v.lexeme == "2", "strictDecode": lambda v: v is True}
    for name in TOON_MEMBERS:
        if not expected[name](layout[name]):
            raise _invalid(name)


def decode_payload(encoding, layout, declared_kind, declared_digest, payload, check_decoded_digest=True):
    """Decodes a section: layout, identity, payload text, codec stages, digest (MORPH-ORDER-1)."""
    if encoding == TOON:
        check_toon_layout(layout)
        if layout["inputKind"] != declared_kind:
            raise Refused("INPUT_KIND_MISMATCH", "layout inputKind differs from the declared one (MORPH-ID-1)")
        raise Skipped("toon payloads need the official @toon-format/toon package (JavaScript)")
    counts = check_layout(encoding, layout)
    # MORPH-ID-1: the declared identity before decoding.
    if layout["inputKind"] != declared_kind:
        raise Refused("INPUT_KIND_MISMATCH", "layout inputKind differs from the declared one (MORPH-ID-1)")
    if layout["semanticDigest"] != declared_digest and not faults.on("morph-layout-digest-unchecked"):
        raise Refused("DIGEST_MISMATCH", "layout semanticDigest differs from the declared one (MORPH-ID-1)")
    if len(payload.encode("utf-8", "surrogatepass")) > MAX_TEXT_BYTES:
        raise Refused("LIMIT_EXCEEDED", "payload over 16 MiB (R-M2)")
    if faults.on("morph-payload-crlf-normalized"):
        payload = payload.replace("\r\n", "\n")
    if "\r" in payload:
        raise Refused("PAYLOAD_CARRIAGE_RETURN", "a CR in the payload (R-M11a)")
    if encoding == JSON_COMPACT:
        value = _decode_compact(layout, payload)
    elif encoding == JSON_LINES:
        value = _decode_lines(counts["elements"], payload)
    elif encoding == ROWS:
        value = _decode_rows(layout, counts["rows"], payload)
    elif encoding == COLUMNS:
        value = _decode_columns(layout, counts["rows"], payload)
    else:
        value = _decode_path_value(counts["records"], payload)
    if check_decoded_digest and semantic_digest(value) != declared_digest and not faults.on("morph-decoded-digest-unchecked"):
        raise Refused("DIGEST_MISMATCH", "the decoded value has another digest (MORPH-ID-1)")
    return value


def _require_canonical(value, text):
    if write_compact(value) != text and not faults.on("morph-noncanonical-payload-allowed"):
        raise Refused("PAYLOAD_NOT_CANONICAL", "the payload is not its compact serialization (R-M11)")


def _decode_compact(layout, payload):
    value = parse_json(payload)
    check_limits(value)
    if kind_of(value) != layout["rootKind"]:
        raise Refused("ROOT_KIND_MISMATCH", "the root is %s, not %s (MORPH-JC-1)" % (kind_of(value), layout["rootKind"]))
    _require_canonical(value, payload)
    return value


def _decode_lines(count, payload):
    if payload == "":
        if count != 0:
            raise Refused("ELEMENT_COUNT_MISMATCH", "an empty payload holds no element (MORPH-JL-2)")
        return []
    if payload.endswith("\n") and not faults.on("morph-trailing-lf-tolerated"):
        raise Refused("TRAILING_LINE_FEED", "the payload ends with LF (MORPH-JL-2)")
    lines = payload.split("\n")
    if faults.on("morph-trailing-lf-tolerated") and payload.endswith("\n"):
        lines.pop()
    if len(lines) != count and not faults.on("morph-declared-count-unchecked"):
        raise Refused("ELEMENT_COUNT_MISMATCH", "%d lines for %d elements (MORPH-JL-2)" % (len(lines), count))
    items = []
    nodes = 1
    for line in lines:
        if line == "":
            raise Refused("EMPTY_LINE", "an empty line (MORPH-JL-2)")
        # MORPH-JL-2 with R-M2: a line's value sits under the root array, after the lines before it.
        item = parse_json(line, 1, nodes)
        depth, size = measure(item, 1)
        nodes += size
        if depth > MAX_DEPTH or nodes > MAX_NODES:
            raise Refused("LIMIT_EXCEEDED", "the lines exceed the depth or node limit (R-M2)")
        _require_canonical(item, line)
        items.append(item)
    return items


def _scan_rows(payload, delimiter, width, count):
    """MORPH-RD-3: splits rows and cells outside quoted strings, checking widths and counts early."""
    rows = []
    cells = []
    start = 0
    in_string = False
    escaped = False
    for index, ch in enumerate(payload):
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
            continue
        if ch == '"':
            in_string = True
        elif ch == delimiter:
            cells.append(payload[start:index])
            start = index + 1
            if len(cells) >= width:
                # MORPH-ORDER-1: a row's width is checked as soon as it is known, and one more
                # delimiter than the fields allow makes the row too wide whatever follows.
                raise Refused("ROW_WIDTH_MISMATCH", "row %d has more than %d cells (MORPH-RD-3)"
                              % (len(rows) + 1, width))
        elif ch == "\n":
            cells.append(payload[start:index])
            start = index + 1
            if len(cells) != width:
                raise Refused("ROW_WIDTH_MISMATCH", "row %d has %d cells for %d fields (MORPH-RD-3)"
                              % (len(rows) + 1, len(cells), width))
            rows.append(cells)
            cells = []
            if len(rows) >= count and not faults.on("morph-declared-count-unchecked"):
                # A row follows the last declared one (a final LF counts as one).
                if index == len(payload) - 1:
                    raise Refused("TRAILING_LINE_FEED", "the payload ends with LF (MORPH-RD-3)")
                raise Refused("ROW_COUNT_MISMATCH", "more rows than rowCount (MORPH-RD-3)")
    if in_string:
        raise Refused("UNTERMINATED_STRING", "a string is still open at the end (MORPH-RD-3)")
    if payload.endswith("\n"):
        raise Refused("TRAILING_LINE_FEED", "the payload ends with LF (MORPH-RD-3)")
    cells.append(payload[start:])
    if len(cells) != width:
        raise Refused("ROW_WIDTH_MISMATCH", "the last row has %d cells for %d fields (MORPH-RD-3)" % (len(cells), width))
    rows.append(cells)
    if len(rows) != count and not faults.on("morph-declared-count-unchecked"):
        raise Refused("ROW_COUNT_MISMATCH", "%d rows for rowCount %d (MORPH-RD-3)" % (len(rows), count))
    return rows


def _parse_cell(cell):
    """MORPH-RD-3, R-M12: exactly one bare JSON scalar token."""
    if cell == "" or cell != cell.strip(" \t\n\r"):
        raise Refused("INVALID_CELL", "an empty cell or whitespace around a cell (R-M12)")
    try:
        value = parse_json(cell)
    except Refused as exc:
        raise Refused("INVALID_CELL", "not a JSON scalar: %s (MORPH-RD-3)" % exc) from None
    if isinstance(value, (list, dict)):
        raise Refused("INVALID_CELL", "a container cell (MORPH-RD-3)")
    return value


def _decode_rows(layout, count, payload):
    fields = layout["fields"]
    rows = _scan_rows(payload, layout["delimiter"], len(fields), count)
    return [dict(zip(fields, (_parse_cell(c) for c in cells))) for cells in rows]


def _decode_columns(layout, count, payload):
    fields = layout["fields"]
    value = parse_json(payload)
    check_limits(value)
    if not isinstance(value, list):
        raise Refused("INVALID_COLUMN", "the payload is not an array of columns (MORPH-CJ-2)")
    if len(value) != len(fields):
        raise Refused("COLUMN_COUNT_MISMATCH", "%d columns for %d fields (MORPH-CJ-2)" % (len(value), len(fields)))
    for column in value:
        if not isinstance(column, list):
            raise Refused("INVALID_COLUMN", "a column is not an array (MORPH-CJ-2)")
        if len(column) != count and not faults.on("morph-declared-count-unchecked"):
            raise Refused("COLUMN_LENGTH_MISMATCH", "a column of %d cells for %d rows (MORPH-CJ-2)" % (len(column), count))
        if not all(_is_primitive(cell) for cell in column):
            raise Refused("NON_PRIMITIVE_CELL", "a container cell (MORPH-CJ-2)")
    _require_canonical(value, payload)
    rows = min((len(column) for column in value), default=0)
    return [{field: value[j][i] for j, field in enumerate(fields)} for i in range(rows)]


TAG_ARITY = {"object": 2, "array": 3, "string": 3, "number": 3, "boolean": 3, "null": 2}


def _parse_record(line):
    """MORPH-PV-2: shape, tag, arity, compact form, value of one record line."""
    try:
        record = parse_json(line)
    except Refused:
        raise Refused("INVALID_RECORD", "a record line that is not JSON (MORPH-PV-2)") from None
    if measure(record)[1] > MAX_NODES:
        # A line is read under R-M2's node limit: one of more values is no record, whatever its tag.
        raise Refused("INVALID_RECORD", "a record line of more than %d values (MORPH-PV-2, R-M2)" % MAX_NODES)
    if not isinstance(record, list) or len(record) < 2 or not isinstance(record[0], str) or not isinstance(record[1], str):
        raise Refused("INVALID_RECORD", "a record is [path, tag, ...] (MORPH-PV-2)")
    tag = record[1]
    if tag not in TAG_ARITY:
        raise Refused("UNKNOWN_NODE_TAG", "unknown tag %s (MORPH-PV-2)" % tag)
    if len(record) != TAG_ARITY[tag]:
        raise Refused("INVALID_RECORD", "a %s record has %d items (MORPH-PV-2)" % (tag, TAG_ARITY[tag]))
    if write_compact(record) != line and not faults.on("morph-noncanonical-payload-allowed"):
        raise Refused("PAYLOAD_NOT_CANONICAL", "a record line is not compact (R-M11a)")
    if tag == "array":
        if not is_unsigned(record[2]):
            raise Refused("INVALID_RECORD", "an array record's count is an unsigned integer (MORPH-PV-2)")
        if 1 + int(record[2].lexeme) > MAX_NODES:
            raise Refused("LIMIT_EXCEEDED", "declared item count over the node limit (R-M11a)")
    elif tag == "string" and not isinstance(record[2], str):
        raise Refused("INVALID_RECORD", "a string record holds a string (MORPH-PV-2)")
    elif tag == "number":
        if not isinstance(record[2], str):
            raise Refused("INVALID_RECORD", "a number record holds its lexeme as a string (MORPH-PV-2)")
        if not NUMBER_LEXEME.match(record[2]) and not _lexeme_fault_passes(record[2]):
            raise Refused("INVALID_NUMBER_LEXEME", "%r is not a JSON number (MORPH-PV-2)" % record[2])
    elif tag == "boolean" and not isinstance(record[2], bool):
        raise Refused("INVALID_RECORD", "a boolean record holds a boolean (MORPH-PV-2)")
    return record


def _lexeme_fault_passes(text):
    """The lexeme faults: no check at all, or Python's float() as the check (accepts +1, .5, 1., 1_0, inf, ...)."""
    if faults.on("morph-pv-number-lexeme-unchecked"):
        return True
    if faults.on("morph-pv-number-lexeme-by-float"):
        try:
            float(text)
            return True
        except ValueError:
            return False
    return False


def _check_pointer(path):
    """MORPH-PV-3: `` or `/...`, with `~` only as `~0` or `~1`."""
    if path and not path.startswith("/"):
        raise Refused("INVALID_POINTER", "pointer %r does not start with / (MORPH-PV-3)" % path)
    index = path.find("~")
    while index != -1:
        if path[index + 1:index + 2] not in ("0", "1"):
            raise Refused("INVALID_POINTER", "pointer %r has a bad ~ escape (MORPH-PV-3)" % path)
        index = path.find("~", index + 2)


def _unescape(segment):
    return segment.replace("~1", "/").replace("~0", "~")


class _Node:
    __slots__ = ("kind", "value", "count", "depth", "items")

    def __init__(self, kind, value, count, depth):
        self.kind = kind
        self.value = value
        self.count = count
        self.depth = depth
        self.items = {} if kind == "array" else None


def _scalar(record):
    tag = record[1]
    if tag == "string" or tag == "boolean":
        return record[2]
    if tag == "number":
        return Num(record[2])
    return None


def _decode_path_value(count, payload):
    if payload.endswith("\n"):
        raise Refused("TRAILING_LINE_FEED", "the payload ends with LF (MORPH-PV-5)")
    lines = payload.split("\n")
    if len(lines) != count and not faults.on("morph-declared-count-unchecked"):
        raise Refused("RECORD_COUNT_MISMATCH", "%d lines for recordCount %d (MORPH-PV-2)" % (len(lines), count))
    records = [_parse_record(line) for line in lines]
    if faults.on("morph-record-order-free"):
        # The bug: records are placed shallowest first, as if parents could come on any line.
        records.sort(key=lambda r: r[0].count("/"))
    declared_items = sum(int(r[2].lexeme) for r in records if r[1] == "array")
    if 1 + declared_items > MAX_NODES:
        raise Refused("LIMIT_EXCEEDED", "declared item counts over the node limit (R-M11a)")
    nodes = {}
    arrays = []
    for record in records:
        path, tag = record[0], record[1]
        _check_pointer(path)
        if path in nodes:
            if path == "":
                raise Refused("MULTIPLE_ROOTS", "a second root record (MORPH-PV-4)")
            raise Refused("DUPLICATE_PATH", "path %r given twice (MORPH-PV-4)" % path)
        if path == "":
            parent = None
            depth = 0
        else:
            cut = path.rfind("/")
            parent_path, segment = path[:cut], path[cut + 1:]
            parent = nodes.get(parent_path)
            if parent is None:
                raise Refused("MISSING_PARENT", "no earlier record for the parent of %r (MORPH-PV-4, R-M13)" % path)
            if parent.kind not in ("object", "array"):
                raise Refused("PARENT_NOT_CONTAINER", "%r is under a scalar (MORPH-PV-4)" % path)
            depth = parent.depth
        container = tag in ("object", "array")
        node_depth = depth + 1 if container else depth
        if node_depth > MAX_DEPTH:
            raise Refused("LIMIT_EXCEEDED", "containers deeper than 64 (MORPH-PV-4)")
        if tag == "object":
            node = _Node("object", {}, 0, node_depth)
        elif tag == "array":
            node = _Node("array", [], int(record[2].lexeme), node_depth)
            arrays.append(node)
        else:
            node = _Node(tag, _scalar(record), 0, node_depth)
        if parent is not None:
            if parent.kind == "array":
                if not ARRAY_INDEX.match(segment) or int(segment) >= parent.count:
                    raise Refused("INVALID_ARRAY_INDEX", "index %r in %r (MORPH-PV-4)" % (segment, path))
                parent.items[int(segment)] = node
            else:
                parent.value[_unescape(segment)] = node
        nodes[path] = node
    if "" not in nodes:
        raise Refused("MISSING_PARENT", "no root record (MORPH-PV-4)")
    for node in arrays:
        for index in range(node.count):
            if index not in node.items:
                if any(i > index for i in node.items):
                    raise Refused("ARRAY_HOLE", "an array misses item %d (MORPH-PV-4)" % index)
                raise Refused("ITEM_COUNT_MISMATCH", "an array has %d of %d items (MORPH-PV-4)"
                              % (len(node.items), node.count))
    return _build(nodes[""])


def _build(root):
    """Turns the node tree into a value (explicit stack: up to 64 levels, any width)."""
    def fresh(node):
        if node.kind == "object":
            return {}
        if node.kind == "array":
            return [None] * node.count
        return node.value

    result = fresh(root)
    stack = [(root, result)]
    while stack:
        node, out = stack.pop()
        if node.kind == "object":
            for name, child in node.value.items():
                out[name] = fresh(child)
                stack.append((child, out[name]))
        elif node.kind == "array":
            for index, child in node.items.items():
                out[index] = fresh(child)
                stack.append((child, out[index]))
    return result
