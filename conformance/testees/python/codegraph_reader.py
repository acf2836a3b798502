"""codegraph.read: the model.jsonl 1.0.0 interchange file, written from spec/codegraph and the R-C* resolutions (spec/resolutions.md).

Stages: split lines (blank ones ignored); parse each as strict JSON; walk the sections
header → f* → e* → x* → eof checking each record; after eof, check closure (every surrogate
resolves) and counts; build the resolved observation.
"""

import re

import faults
from strict_json import JsonRefused, Num, decode_utf8, parse_text

BOM = b"\xef\xbb\xbf"
MAX_U64 = (1 << 64) - 1
UNSIGNED = re.compile(r"(?:0|[1-9][0-9]*)\Z")

SCHEMA_VERSION = "1.0.0"
HEADER_MEMBERS = {"t", "schemaVersion", "lang", "extractor", "root", "dict", "repository"}
HEADER_REQUIRED = ("t", "schemaVersion", "lang", "extractor", "root", "dict")
DICT_MEMBERS = ("kinds", "traits", "edges", "provenance")
TRAITS = {
    "TChildOf", "TComment", "TInvocable", "TMetrics", "TModule", "TNamed", "TSourceAnchor",
    "TStructural", "TType", "TTypedEntity", "TWithAccesses", "TWithChildren", "TWithImplements",
    "TWithInheritances", "TWithInvocations", "TWithLocalVariables", "TWithParameters", "TWithValue",
}
EDGE_KINDS = {"access", "annotationUse", "import", "inheritance", "interfaceImplementation",
              "invocation", "reference", "throws"}
PROVENANCE = {"declared", "derived"}
# R-C4: the binding map from trait to the key it contributes (markers contribute none).
TRAIT_KEYS = {
    "TChildOf": "parent", "TComment": "comment", "TInvocable": "signature", "TMetrics": "metrics",
    "TModule": "definedIn", "TNamed": "name", "TSourceAnchor": "anchor", "TType": "typeParameters",
    "TTypedEntity": "declaredType", "TWithValue": "value", "TWithParameters": "parameters",
    "TWithLocalVariables": "localVariables",
}
KEY_TRAITS = {key: trait for trait, key in TRAIT_KEYS.items()}
ENTITY_CORE = ("t", "i", "k", "tr", "m", "s")
EDGE_MEMBERS = {"t", "k", "f", "o", "p", "anchor", "sourceFile", "arguments"}
EDGE_REQUIRED = ("t", "k", "f", "o", "p", "anchor")
SECTIONS = {"header": 0, "f": 1, "e": 2, "x": 3, "eof": 4}
# The reader's limits on what the checks read (JSON-LIMIT-1, spec/codegraph "Reading"): the members whose
# values the checks read, at most MAX_BUILT_VALUES items and members inside them per line, and number
# lexemes of at most MAX_NUMBER_LEXEME_BYTES there. Past either, the line is LIMIT_EXCEEDED.
READ_MEMBERS = {
    "t", "i", "k", "tr", "m", "s", "d", "f", "o", "p", "anchor", "path", "sourceFile", "arguments",
    "schemaVersion", "lang", "extractor", "root", "dict", "counts",
    "parent", "metrics", "definedIn", "typeParameters", "declaredType", "value", "parameters", "localVariables",
}
MAX_BUILT_VALUES = 1 << 18
MAX_NUMBER_LEXEME_BYTES = 1024
LITERAL_MEMBERS = {
    "null": (), "boolean": ("value",), "number": ("value",), "string": ("value",),
    "enum": ("type", "name"), "class": ("type",), "array": ("items",), "annotation": ("type", "arguments"),
}


class Refused(Exception):
    """The model is refused: `code` from spec/codegraph/error-codes.json, `line` 1-based when known."""

    def __init__(self, code, message, line=None):
        super().__init__(message)
        self.code = code
        self.line = line


def utf16_key(text):
    """Sort key comparing strings by UTF-16 code units (R-C2, R-C6)."""
    if faults.on("codegraph-code-point-order"):
        return text
    return text.encode("utf-16-be")


def read_codegraph(data):
    """Reads a whole model.jsonl (bytes) and returns the resolved graph observation (a dict)."""
    try:
        return _Reader().read(data)
    except JsonRefused as exc:
        raise Refused(exc.code, str(exc)) from None


def _check_read_limits(record, line):
    """JSON-LIMIT-1: the values under the members the checks read, in line order, against the limits.

    Every item of an array and member of an object there counts one value as it starts; a number there
    may have at most MAX_NUMBER_LEXEME_BYTES bytes (ASCII: one byte per character). The first limit
    passed in line order refuses the line.
    """
    built = 0
    for name, value in record.items():
        if name not in READ_MEMBERS:
            continue
        stack = [(value, False)]
        while stack:
            item, counted = stack.pop()
            if counted:
                built += 1
                if built > MAX_BUILT_VALUES:
                    raise Refused("LIMIT_EXCEEDED", "more than %d values the checks read in one line" % MAX_BUILT_VALUES, line)
            if isinstance(item, Num):
                if len(item.lexeme) > MAX_NUMBER_LEXEME_BYTES:
                    raise Refused("LIMIT_EXCEEDED", "a number the checks read is longer than %d bytes" % MAX_NUMBER_LEXEME_BYTES, line)
            elif isinstance(item, dict):
                stack.extend((member, True) for member in reversed(list(item.values())))
            elif isinstance(item, list):
                stack.extend((member, True) for member in reversed(item))


def _unsigned(value, line, what):
    """R-C9 / R-S2: an unsigned integer by lexeme (`1.0` and `1e0` are refused)."""
    if isinstance(value, Num):
        lexeme = value.lexeme
        if UNSIGNED.match(lexeme) and int(lexeme) <= MAX_U64:
            return int(lexeme)
        if faults.on("codegraph-float-integers-accepted"):
            try:
                number = float(lexeme)
            except ValueError:
                number = -1.0
            if number.is_integer() and number >= 0:
                return int(number)
        # R-C9: an integer by value written another way (1.0, 1e3, -0) or past 2^64 - 1 is a lexeme fault.
        if _integer_by_value(lexeme):
            raise Refused("RECORD_INTEGER_LEXEME", "%s must be written as an integer lexeme" % what, line)
    raise Refused("RECORD_MEMBER_TYPE", "%s must be an unsigned integer" % what, line)


def _integer_by_value(lexeme):
    if UNSIGNED.match(lexeme):
        return True  # an integer lexeme past 2^64 - 1 (a double would overflow past some 309 digits)
    try:
        number = float(lexeme)
    except ValueError:
        return False
    if lexeme.startswith("-"):
        return number == 0
    return number.is_integer()


def _string(value, line, what, non_empty=False):
    if not isinstance(value, str):
        raise Refused("RECORD_MEMBER_TYPE", "%s must be a string" % what, line)
    if non_empty and value == "":
        raise Refused("RECORD_EMPTY_STRING", "%s must not be empty" % what, line)
    return value


def _closed(obj, allowed, required, line, where):
    if not isinstance(obj, dict):
        raise Refused("RECORD_MEMBER_TYPE", "%s must be an object" % where, line)
    for name in obj:
        if name not in allowed and not faults.on("codegraph-unknown-member-tolerated"):
            raise Refused("RECORD_MEMBER_UNKNOWN", "unknown member %r in %s" % (name, where), line)
    for name in required:
        if name not in obj:
            raise Refused("RECORD_MEMBER_MISSING", "missing member %r in %s" % (name, where), line)


class _Refs:
    """The references and anchors of one record, judged in the integrity step."""

    def __init__(self):
        self.entities = []
        self.files = []
        self.anchors = []


class _Reader:
    def __init__(self):
        self.header = None
        self.dict = None
        self.files = []
        self.entities = []
        self.edges = []
        self.natural_keys = set()
        self.previous_entity_key = None
        self.previous_edge_key = None
        # Surrogates can point forward, so references are checked once the counts are known.
        self.entity_refs = []
        self.file_refs = []
        self.forward_ref = None
        self.section = -1

    def read(self, data):
        if data.startswith(BOM):
            raise Refused("JSON_BOM", "byte-order mark")  # R-C1
        if faults.on("codegraph-cr-tolerated"):
            data = data.replace(b"\r\n", b"\n")
        pieces = data.split(b"\n")
        terminated = pieces[-1] == b""
        if terminated:
            pieces.pop()
        eof_line = None
        for index, raw in enumerate(pieces):
            line = index + 1
            # Single pass: each line's bytes are judged when the line is reached (CG-ERR-1).
            try:
                decode_utf8(raw)
            except JsonRefused as exc:
                raise Refused(exc.code, str(exc), line) from None
            if b"\r" in raw and not faults.on("codegraph-cr-tolerated"):
                raise Refused("MODEL_CARRIAGE_RETURN", "CR byte in the file", line)  # R-C1 (strict)
            if raw.strip(b" \t") == b"":
                if faults.on("codegraph-blank-line-refused") and raw != b"":
                    raise Refused("JSON_SYNTAX", "blank line", line)
                continue  # R-C1: blank lines are ignored wherever they stand
            if eof_line is not None:
                if faults.on("codegraph-content-after-eof-accepted"):
                    break
                raise Refused("EOF_NOT_LAST", "content after the eof record", line)  # R-C1
            record = self._parse(raw, line)
            if record.get("t") == "eof":
                eof_line = line
                if index == len(pieces) - 1 and not terminated and not faults.on("codegraph-eof-lf-optional"):
                    raise Refused("MODEL_FINAL_LF_MISSING", "the eof line has no LF", line)  # R-C1 (strict)
            elif index == len(pieces) - 1 and not terminated:
                raise Refused("EOF_MISSING", "the last line has no LF and is not eof", line)  # R-C1
            self._record(record, line)
        if self.header is None:
            raise Refused("HEADER_MISSING", "no record at all: the file has no header")  # CG-SEQ-1
        if eof_line is None:
            raise Refused("EOF_MISSING", "no eof record: the file is truncated")  # CG-SEQ-4
        self._check_references()
        return self._observation()

    def _parse(self, raw, line):
        try:
            record = parse_text(decode_utf8(raw))
        except JsonRefused as exc:
            raise Refused(exc.code, str(exc), line) from None
        if not isinstance(record, dict):
            raise Refused("RECORD_TYPE_UNKNOWN", "a record must be a JSON object", line)
        _check_read_limits(record, line)
        return record

    def _record(self, record, line):
        kind = record.get("t")
        if not isinstance(kind, str) or kind not in SECTIONS:
            raise Refused("RECORD_TYPE_UNKNOWN", "unknown record type", line)
        section = SECTIONS[kind]
        if self.section < 0 and section != 0:
            raise Refused("HEADER_MISSING", "the first record must be the header", line)
        if section == 0 and self.section >= 0:
            raise Refused("HEADER_DUPLICATE", "a second header", line)
        if section < self.section:
            raise Refused("SECTION_ORDER", "%s record after a later section" % kind, line)
        if section > SECTIONS["e"] and self.forward_ref is not None:
            ref, at = self.forward_ref
            if ref >= len(self.entities) + (1 if faults.on("codegraph-ref-bound-off-by-one") else 0):
                raise Refused("DANGLING_ENTITY_REF", "entity reference %d does not resolve" % ref, at)
            self.forward_ref = None
        self.section = section
        [self._header, self._file, self._entity, self._edge, self._eof][section](record, line)

    def _header(self, record, line):
        _closed(record, HEADER_MEMBERS, HEADER_REQUIRED, line, "header")
        version = _string(record["schemaVersion"], line, "schemaVersion")
        if version != SCHEMA_VERSION and not faults.on("codegraph-any-version-accepted"):
            raise Refused("UNSUPPORTED_VERSION", "schemaVersion %r" % version, line)  # R-C2
        _string(record["lang"], line, "lang", non_empty=True)
        extractor = record["extractor"]
        if not isinstance(extractor, dict):
            raise Refused("RECORD_MEMBER_TYPE", "extractor must be an object", line)
        for name in ("name", "version"):
            if name not in extractor:
                raise Refused("RECORD_MEMBER_MISSING", "extractor.%s is missing" % name, line)
            _string(extractor[name], line, "extractor." + name, non_empty=True)
        _string(record["root"], line, "root")
        if "repository" in record and not isinstance(record["repository"], dict):
            raise Refused("RECORD_MEMBER_TYPE", "repository must be an object", line)
        dictionary = record["dict"]
        _closed(dictionary, DICT_MEMBERS, DICT_MEMBERS, line, "dict")
        vocabularies = {"traits": TRAITS, "edges": EDGE_KINDS, "provenance": PROVENANCE}
        for name in DICT_MEMBERS:
            words = dictionary[name]
            if not isinstance(words, list):
                raise Refused("RECORD_MEMBER_TYPE", "dict.%s must be an array" % name, line)
            for word in words:
                if name == "kinds" and word == "":
                    # seed 004: kinds are non-empty strings, a rule of the document itself (core).
                    raise Refused("RECORD_MEMBER_TYPE", "dict.kinds holds an empty string", line)
                _string(word, line, "dict.%s entry" % name, non_empty=True)
                if name in vocabularies and word not in vocabularies[name]:
                    if not faults.on("codegraph-open-vocabulary"):
                        raise Refused("DICT_UNKNOWN_MEMBER", "%r is not in the closed vocabulary" % word, line)  # R-C3
            for before, after in zip(words, words[1:]):
                if before == after:
                    raise Refused("DICT_DUPLICATE", "dict.%s repeats %r" % (name, after), line)  # R-C2
                if utf16_key(before) > utf16_key(after) and not faults.on("codegraph-dict-order-unchecked"):
                    raise Refused("DICT_UNSORTED", "dict.%s is not sorted" % name, line)  # R-C2
            if len(set(words)) != len(words):
                raise Refused("DICT_DUPLICATE", "dict.%s repeats an entry" % name, line)
        self.header = record
        self.dict = dictionary

    def _file(self, record, line):
        _closed(record, ("t", "i", "path"), ("t", "i", "path"), line, "f record")
        index = _unsigned(record["i"], line, "i")
        expected = len(self.files) + (1 if faults.on("codegraph-file-index-from-one") else 0)
        if index != expected:
            raise Refused("RECORD_INDEX_NOT_DENSE", "f.i must be %d" % expected, line)
        path = _string(record["path"], line, "path", non_empty=True)
        if self.files:
            previous = self.files[-1]
            if previous == path and not faults.on("codegraph-duplicate-file-allowed"):
                raise Refused("DUPLICATE_FILE", "file path repeated", line)  # R-C6
            if utf16_key(previous) > utf16_key(path):
                raise Refused("FILE_ORDER", "files are not sorted by path", line)  # R-C6
        self.files.append(path)

    def _entity(self, record, line):
        """One e record, in the reader's step order: shape, sequence, dictionaries, trait keys, integrity."""
        for name in ENTITY_CORE:
            if name not in record:
                raise Refused("RECORD_MEMBER_MISSING", "missing member %r in e record" % name, line)
        index = _unsigned(record["i"], line, "i")
        _unsigned(record["k"], line, "k")
        if not isinstance(record["tr"], list):
            raise Refused("RECORD_MEMBER_TYPE", "tr must be an array", line)
        for item in record["tr"]:
            _unsigned(item, line, "tr entry")
        module = _unsigned(record["m"], line, "m")
        symbol = _string(record["s"], line, "s")
        if "d" in record:
            if record["d"] is None and faults.on("codegraph-null-disambiguator-accepted"):
                record = {k: v for k, v in record.items() if k != "d"}
            elif record["d"] is None:
                raise Refused("NULL_NOT_ABSENT", "d: null is refused, leave d out", line)  # R-C4
            else:
                _string(record["d"], line, "d")
        refs = _Refs()
        for key in KEY_TRAITS:
            if key in record:
                self._shape_trait_value(key, record[key], line, refs)
        if index != len(self.entities):
            raise Refused("RECORD_INDEX_NOT_DENSE", "e.i must be %d" % len(self.entities), line)  # CG-SEQ-3
        kind = self._dict_index(record["k"], "kinds", line)
        traits = self._traits(record["tr"], line)
        self._check_trait_keys(record, traits, line)
        disambiguator = record.get("d")
        if module == index:
            if disambiguator is not None and not faults.on("codegraph-module-disambiguator-allowed"):
                # CG-MOD-2: a module has no d, so [P, P, null] names only the module.
                raise Refused("MODULE_DISAMBIGUATOR", "a module carries no d", line)
            module_path = symbol
        else:
            # R-C5: a member names an earlier module entity.
            if module > index or self.entities[module]["m"] != module:
                raise Refused("MODULE_REF_INVALID", "m must name an earlier module", line)
            module_path = self.entities[module]["s"]
        self._check_entity_order(module_path, module == index, symbol, disambiguator, line)
        self._check_refs(refs, line)
        self.entities.append({"m": module, "s": symbol, "d": disambiguator, "kind": kind, "traits": traits,
                              "record": record, "line": line, "path": module_path})

    def _dict_index(self, value, name, line):
        index = _unsigned(value, line, name + " index")
        if index >= len(self.dict[name]):
            raise Refused("DICT_INDEX_UNDECLARED", "index %d not declared in dict.%s" % (index, name), line)
        return self.dict[name][index]

    def _traits(self, value, line):
        if not isinstance(value, list):
            raise Refused("RECORD_MEMBER_TYPE", "tr must be an array", line)
        names = [self._dict_index(item, "traits", line) for item in value]
        if len(set(names)) != len(names) and not faults.on("codegraph-repeated-trait-allowed"):
            raise Refused("DUPLICATE_TRAIT", "tr repeats an index", line)  # R-C4
        return set(names)

    def _check_entity_order(self, module_path, is_module, symbol, disambiguator, line):
        """R-C6: (module path, module first, symbol, disambiguator absent first), UTF-16 units."""
        # The natural key is what the observation shows: [module path, symbol, disambiguator].
        natural = [(module_path, symbol, disambiguator)]
        if is_module:
            # A module path names one module, whatever its disambiguator.
            natural.append(("module", module_path))
        if any(key in self.natural_keys for key in natural) and not faults.on("codegraph-duplicate-entity-allowed"):
            raise Refused("DUPLICATE_ENTITY", "two entities share a natural key", line)
        self.natural_keys.update(natural)
        absent_first = 1 if faults.on("codegraph-absent-disambiguator-last") else 0
        sort_key = (
            utf16_key(module_path),
            0 if is_module else 1,
            utf16_key(symbol),
            (absent_first, b"") if disambiguator is None else (1 - absent_first, utf16_key(disambiguator)),
        )
        if self.previous_entity_key is not None and sort_key < self.previous_entity_key:
            if not faults.on("codegraph-entity-order-unchecked"):
                raise Refused("ENTITY_ORDER", "entities are not in canonical order", line)
        self.previous_entity_key = sort_key

    def _check_trait_keys(self, record, traits, line):
        """R-C4: a declared trait's key is present (declaredType may be absent); no key without its trait."""
        for trait, key in TRAIT_KEYS.items():
            declared = trait in traits
            present = key in record
            if present and not declared and not faults.on("codegraph-undeclared-trait-key-tolerated"):
                raise Refused("TRAIT_KEY_UNDECLARED", "%s present without %s" % (key, trait), line)
            if declared and not present:
                if key == "declaredType" and not faults.on("codegraph-declared-type-required"):
                    continue
                raise Refused("TRAIT_KEY_MISSING", "%s requires %s" % (trait, key), line)

    def _shape_trait_value(self, key, value, line, refs):
        """R-C4 shapes of a present trait key; references are collected for the integrity step."""
        if key in ("parent", "declaredType"):
            self._entity_ref(value, line, key, refs)
        elif key in ("comment", "signature", "name"):
            _string(value, line, key)
        elif key == "metrics":
            if not isinstance(value, dict):
                raise Refused("RECORD_MEMBER_TYPE", "metrics must be an object", line)
            for name, metric in value.items():
                if faults.on("codegraph-metrics-any-number") and isinstance(metric, Num):
                    continue
                _unsigned(metric, line, "metrics." + name)
        elif key == "definedIn":
            if not isinstance(value, list):
                raise Refused("RECORD_MEMBER_TYPE", "definedIn must be an array", line)
            for item in value:
                self._file_ref(item, line, "definedIn", refs)
        elif key == "anchor":
            self._anchor(value, line, refs)
        elif key in ("typeParameters", "parameters", "localVariables"):
            if not isinstance(value, list):
                raise Refused("RECORD_MEMBER_TYPE", "%s must be an array" % key, line)
            for item in value:
                self._entity_ref(item, line, key, refs)
        elif key == "value":
            self._literal(value, line, refs)

    def _entity_ref(self, value, line, what, refs):
        # R-C4: only declaredType (like d) says "none" by null, and is refused for it; any other ref is an integer.
        if value is None and what == "declaredType":
            raise Refused("NULL_NOT_ABSENT", "%s: null is refused, leave the member out" % what, line)
        refs.entities.append(_unsigned(value, line, what))

    def _file_ref(self, value, line, what, refs):
        ref = _unsigned(value, line, what)
        refs.files.append(ref)
        return ref

    def _anchor(self, value, line, refs):
        if not isinstance(value, list) or len(value) != 3:
            raise Refused("RECORD_MEMBER_TYPE", "anchor must be [file, startLine, endLine]", line)
        file_ref = self._file_ref(value[0], line, "anchor file", refs)
        start = _unsigned(value[1], line, "anchor start")
        end = _unsigned(value[2], line, "anchor end")
        refs.anchors.append((start, end))
        return (file_ref, start, end)

    def _check_refs(self, refs, line):
        """Integrity of one record: line ranges (R-C9), then closure (R-C9, CG-INT-1)."""
        for start, end in refs.anchors:
            if start < 1 and not faults.on("codegraph-line-zero-allowed"):
                raise Refused("LINE_RANGE", "line numbers start at 1", line)
            if start > end and not faults.on("codegraph-anchor-range-unchecked"):
                raise Refused("LINE_RANGE", "startLine > endLine", line)
        slack = 1 if faults.on("codegraph-ref-bound-off-by-one") else 0
        for ref in refs.files:
            # Files are complete before any e or x record, so a file ref is judged at once.
            if ref >= len(self.files) + slack:
                raise Refused("DANGLING_FILE_REF", "file reference %d does not resolve" % ref, line)
        for ref in refs.entities:
            if self.section == SECTIONS["e"]:
                # A forward ref inside the entity section is judged when the section ends (CG-ERR-1).
                if ref >= len(self.entities) and (self.forward_ref is None or ref > self.forward_ref[0]):
                    self.forward_ref = (ref, line)
            elif ref >= len(self.entities) + slack:
                raise Refused("DANGLING_ENTITY_REF", "entity reference %d does not resolve" % ref, line)
        self.entity_refs.extend((ref, line) for ref in refs.entities)
        self.file_refs.extend((ref, line) for ref in refs.files)

    def _literal(self, value, line, refs):
        """R-C8: Literal is a closed tagged union on k."""
        stack = [value]
        while stack:
            item = stack.pop()
            if isinstance(item, dict) and "k" not in item:
                raise Refused("RECORD_MEMBER_MISSING", "a Literal without k", line)  # CG-REC-2
            if not isinstance(item, dict) or not isinstance(item.get("k"), str):
                raise Refused("RECORD_MEMBER_TYPE", "a Literal is an object with a string k", line)
            if item["k"] not in LITERAL_MEMBERS:
                raise Refused("LITERAL_KIND_UNKNOWN", "unknown Literal kind %r" % item["k"], line)
            members = LITERAL_MEMBERS[item["k"]]
            for name in item:
                if name != "k" and name not in members and not faults.on("codegraph-literal-open"):
                    raise Refused("RECORD_MEMBER_UNKNOWN", "Literal member %r" % name, line)
            for name in members:
                if name not in item:
                    raise Refused("RECORD_MEMBER_MISSING", "Literal without %r" % name, line)
            kind = item["k"]
            if kind == "boolean" and not isinstance(item["value"], bool):
                raise Refused("RECORD_MEMBER_TYPE", "boolean Literal value", line)
            if kind == "number" and not isinstance(item["value"], Num):
                raise Refused("RECORD_MEMBER_TYPE", "number Literal value", line)
            if kind == "string" and not isinstance(item["value"], str):
                raise Refused("RECORD_MEMBER_TYPE", "string Literal value", line)
            if kind == "enum":
                _string(item["name"], line, "enum name")
            if "type" in members:
                self._entity_ref(item["type"], line, "Literal type", refs)
            if kind == "array":
                if not isinstance(item["items"], list):
                    raise Refused("RECORD_MEMBER_TYPE", "array Literal items", line)
                stack.extend(item["items"])
            if kind == "annotation":
                stack.extend(self._named_argument_values(item["arguments"], line))

    def _named_argument_values(self, arguments, line):
        if not isinstance(arguments, list):
            raise Refused("RECORD_MEMBER_TYPE", "arguments must be an array", line)
        values = []
        for argument in arguments:
            if not isinstance(argument, dict):
                raise Refused("RECORD_MEMBER_TYPE", "a NamedArgument is an object", line)
            _closed(argument, ("name", "value"), ("name", "value"), line, "NamedArgument")
            _string(argument["name"], line, "argument name", non_empty=True)
            values.append(argument["value"])
        return values

    def _edge(self, record, line):
        _closed(record, EDGE_MEMBERS, EDGE_REQUIRED, line, "x record")
        refs = _Refs()
        _unsigned(record["k"], line, "k")
        source = _unsigned(record["f"], line, "f")
        target = _unsigned(record["o"], line, "o")
        _unsigned(record["p"], line, "p")
        refs.entities.extend((source, target))
        anchor = self._anchor(record["anchor"], line, refs)
        if "sourceFile" in record:
            self._file_ref(record["sourceFile"], line, "sourceFile", refs)
        if "arguments" in record:
            for value in self._named_argument_values(record["arguments"], line):
                self._literal(value, line, refs)
        kind = self._dict_index(record["k"], "edges", line)
        provenance = self._dict_index(record["p"], "provenance", line)
        self._check_refs(refs, line)
        if source == target and not faults.on("codegraph-self-edge-allowed"):
            raise Refused("SELF_EDGE", "an edge from an entity to itself", line)  # R-C7
        sort_key = (source, target, _unsigned(record["k"], line, "k")) + anchor + (_unsigned(record["p"], line, "p"),)
        if faults.on("codegraph-edge-order-ignores-anchor"):
            sort_key = sort_key[:3] + sort_key[6:]
        if self.previous_edge_key is not None and sort_key < self.previous_edge_key:
            raise Refused("EDGE_ORDER", "edges are not in canonical order", line)  # R-C6
        self.previous_edge_key = sort_key
        self.edges.append({"record": record, "kind": kind, "provenance": provenance})

    def _eof(self, record, line):
        _closed(record, ("t", "counts"), ("t", "counts"), line, "eof record")
        counts = record["counts"]
        _closed(counts, ("files", "entities", "edges"), ("files", "entities", "edges"), line, "counts")
        tallies = {"files": len(self.files), "entities": len(self.entities), "edges": len(self.edges)}
        for name, tally in tallies.items():
            stated = _unsigned(counts[name], line, "counts." + name)
            if faults.on("codegraph-counts-unchecked"):
                continue
            if stated != tally:
                raise Refused("EOF_COUNT_MISMATCH", "counts.%s says %d, the file has %d" % (name, stated, tally), line)

    def _check_references(self):
        """R-C9: every entity ref < entity count, every file ref < file count."""
        slack = 1 if faults.on("codegraph-ref-bound-off-by-one") else 0
        for ref, line in self.entity_refs:
            if ref >= len(self.entities) + slack:
                raise Refused("DANGLING_ENTITY_REF", "entity reference %d does not resolve" % ref, line)
        for ref, line in self.file_refs:
            if ref >= len(self.files) + slack:
                raise Refused("DANGLING_FILE_REF", "file reference %d does not resolve" % ref, line)

    # Observation (spec/protocol): every surrogate and dictionary index resolved.

    def _key(self, ref):
        ref = _unsigned(ref, None, "reference")
        if ref >= len(self.entities):
            return None
        entity = self.entities[ref]
        return [entity["path"], entity["s"], entity["d"]]

    def _path(self, ref):
        ref = _unsigned(ref, None, "reference")
        return self.files[ref] if ref < len(self.files) else None

    def _resolve_anchor(self, anchor):
        return [self._path(anchor[0]), anchor[1], anchor[2]]

    def _resolve_literal(self, literal):
        out = {}
        for name, member in literal.items():
            if name == "type" and not faults.on("codegraph-literal-type-unresolved"):
                out[name] = self._key(member)
            elif name == "items":
                out[name] = [self._resolve_literal(item) for item in member]
            elif name == "arguments":
                out[name] = self._resolve_arguments(member)
            else:
                out[name] = member
        return out

    def _resolve_arguments(self, arguments):
        return [{"name": a["name"], "value": self._resolve_literal(a["value"])} for a in arguments]

    def _resolve_attr(self, key, value):
        if key in ("parent", "declaredType"):
            return value if faults.on("codegraph-parent-unresolved") else self._key(value)
        if key in ("typeParameters", "parameters", "localVariables"):
            return [self._key(item) for item in value]
        if key == "definedIn":
            return [self._path(item) for item in value]
        if key == "anchor":
            return self._resolve_anchor(value)
        if key == "value":
            return self._resolve_literal(value)
        return value

    def _observation(self):
        header = self.header
        out = {
            "schemaVersion": header["schemaVersion"],
            "lang": header["lang"],
            "extractor": header["extractor"],
            "root": header["root"],
        }
        if "repository" in header:
            out["repository"] = header["repository"]
        out["files"] = list(self.files)
        entities = []
        for entity in self.entities:
            record = entity["record"]
            attrs = {}
            for name, value in record.items():
                if name in ENTITY_CORE or name == "d":
                    continue
                attrs[name] = self._resolve_attr(name, value) if name in KEY_TRAITS else value
            traits = sorted(entity["traits"], key=utf16_key)
            entities.append({
                "key": [entity["path"], entity["s"], entity["d"]],
                "kind": entity["kind"],
                "traits": traits,
                "attrs": attrs,
            })
        out["entities"] = entities
        edges = []
        for edge in self.edges:
            record = edge["record"]
            item = {
                "kind": edge["kind"],
                "from": self._key(record["f"]),
                "to": self._key(record["o"]),
                "provenance": edge["provenance"],
                "anchor": self._resolve_anchor(record["anchor"]),
            }
            if "sourceFile" in record:
                item["sourceFile"] = self._path(record["sourceFile"])
            if "arguments" in record:
                item["arguments"] = self._resolve_arguments(record["arguments"])
            edges.append(item)
        out["edges"] = edges
        return out
