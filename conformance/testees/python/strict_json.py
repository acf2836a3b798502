"""Strict JSON (RFC 8259 with the R-S1/R-S2 refusals) for the independent Python reader.

The standard library's json module does the tokenising; its hooks keep every number as its
lexeme (R-S2: `1.0` and `1` stay apart), refuse NaN/Infinity, and refuse duplicate member names.
A walk afterwards refuses escaped lone surrogates, which the json module lets through. When a text
is refused, a second, grammar-aware pass names its first fault in text order (R-S1: a text is read
in order), since the json module finds a grammar fault before a duplicate member whose object it has
not yet closed, and the walk finds lone surrogates only after the whole text.
"""

import json
import re

import faults


class Num:
    """A JSON number kept as the exact characters it was written with."""

    __slots__ = ("lexeme",)

    def __init__(self, lexeme):
        self.lexeme = lexeme

    def __repr__(self):
        return "Num(%s)" % self.lexeme

    def __eq__(self, other):
        return isinstance(other, Num) and other.lexeme == self.lexeme

    def __hash__(self):
        return hash(self.lexeme)


class JsonRefused(Exception):
    """The text is not strict JSON; `code` is the shared registry code."""

    def __init__(self, code, message, pos=None):
        super().__init__(message)
        self.code = code
        # Where in the text the fault was found, when the decoder says (a grammar fault).
        self.pos = pos


class _Duplicate(ValueError):
    pass


class _NonFinite(ValueError):
    pass


def _pairs_to_dict(pairs):
    out = {}
    for key, value in pairs:
        if key in out and not faults.on("json-duplicate-member-last-wins"):
            # R-S1: a duplicate member name is a refusal, never "last one wins".
            raise _Duplicate(key)
        out[key] = value
    return out


def _refuse_constant(name):
    # R-S1: NaN, Infinity and -Infinity are not JSON.
    raise _NonFinite(name)


def _as_float_lexeme(lexeme):
    # Fault "integers parsed as floats": the lexeme is lost through a double.
    return Num(repr(float(lexeme)) if faults.on("numbers-through-double") else lexeme)


def _as_int_lexeme(lexeme):
    if faults.on("numbers-through-double"):
        value = float(lexeme)
        return Num(str(int(value)) if value.is_integer() else repr(value))
    return Num(lexeme)


_DECODER = json.JSONDecoder(
    object_pairs_hook=_pairs_to_dict,
    parse_float=_as_float_lexeme,
    parse_int=_as_int_lexeme,
    parse_constant=_refuse_constant,
    strict=True,
)


def _has_lone_surrogate(text):
    return any(0xD800 <= ord(ch) <= 0xDFFF for ch in text)


def _check_strings(value):
    """Refuses any string (member names included) holding an unpaired surrogate (R-S1)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if _has_lone_surrogate(item):
                raise JsonRefused("JSON_LONE_SURROGATE", "escaped lone surrogate")
        elif isinstance(item, dict):
            for key, member in item.items():
                if _has_lone_surrogate(key):
                    raise JsonRefused("JSON_LONE_SURROGATE", "escaped lone surrogate in a member name")
                stack.append(member)
        elif isinstance(item, list):
            stack.extend(item)


def parse_text(text):
    """Parses one complete JSON text (a str without BOM); raises JsonRefused."""
    try:
        return _parse_text(text)
    except JsonRefused as refused:
        if refused.code == "LIMIT_EXCEEDED":
            raise
        first = _first_fault(text)
        raise first if first is not None else refused from None


def _parse_text(text):
    try:
        value, end = _DECODER.raw_decode(text, _skip_ws(text, 0))
    except _Duplicate as exc:
        raise JsonRefused("JSON_DUPLICATE_MEMBER", "duplicate member %r" % exc.args[0]) from None
    except _NonFinite:
        raise JsonRefused("JSON_SYNTAX", "NaN or Infinity") from None
    except RecursionError:
        # R-S2a: very deep nesting is implementation-defined; refuse it with a limit code.
        raise JsonRefused("LIMIT_EXCEEDED", "nesting too deep for this reader") from None
    except json.JSONDecodeError as exc:
        raise JsonRefused("JSON_SYNTAX", exc.msg, exc.pos) from None
    if _skip_ws(text, end) != len(text):
        raise JsonRefused("JSON_SYNTAX", "bytes after the JSON value")
    _check_strings(value)
    return value


_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")
_HEX4 = re.compile(r"[0-9a-fA-F]{4}")
_SIMPLE_ESCAPES = '"\\/bfnrt'


def _first_fault(text):
    """The first fault of a refused text in text order, as a JsonRefused: a lone surrogate escape
    (R-S1), a member name its object already holds (R-S1) or the point where the grammar breaks
    (JSON-SYNTAX-1). None if this pass finds none (the caller keeps the decoder's refusal)."""
    stack = []  # a set of names per open object, None per open array
    i = _skip_ws(text, 0)
    expect = "value"
    while True:
        # An empty array or object closes where its first item or name could start.
        close = {"value-or-close": "]", "name-or-close": "}"}.get(expect)
        if close is not None and text.startswith(close, i):
            stack.pop()
            i += 1
            expect = "after"
            continue
        if expect in ("value", "value-or-close"):
            ch = text[i] if i < len(text) else ""
            if ch == "{":
                stack.append(set())
                i = _skip_ws(text, i + 1)
                expect = "name-or-close"
                continue
            if ch == "[":
                stack.append(None)
                i = _skip_ws(text, i + 1)
                expect = "value-or-close"
                continue
            if ch == '"':
                i, _, fault = _scan_string(text, i)
                if fault is not None:
                    return fault
            elif ch in "-0123456789":
                match = _NUMBER.match(text, i)
                if match is None:
                    return JsonRefused("JSON_SYNTAX", "not a number", i)
                i = match.end()
            else:
                for literal in ("true", "false", "null"):
                    if text.startswith(literal, i):
                        i += len(literal)
                        break
                else:
                    return JsonRefused("JSON_SYNTAX", "a value was expected", i)
            expect = "after"
        elif expect in ("name", "name-or-close"):
            if not text.startswith('"', i):
                return JsonRefused("JSON_SYNTAX", "a member name was expected", i)
            start = i
            i, name, fault = _scan_string(text, i)
            if fault is not None:
                return fault
            if name in stack[-1] and not faults.on("json-duplicate-member-last-wins"):
                return JsonRefused("JSON_DUPLICATE_MEMBER", "duplicate member %r" % name, start)
            stack[-1].add(name)
            i = _skip_ws(text, i)
            if not text.startswith(":", i):
                return JsonRefused("JSON_SYNTAX", "':' was expected", i)
            i = _skip_ws(text, i + 1)
            expect = "value"
        else:  # after a value
            i = _skip_ws(text, i)
            if not stack:
                return None if i == len(text) else JsonRefused("JSON_SYNTAX", "bytes after the JSON value", i)
            ch = text[i] if i < len(text) else ""
            if ch == ",":
                i = _skip_ws(text, i + 1)
                expect = "value" if stack[-1] is None else "name"
            elif ch == ("]" if stack[-1] is None else "}"):
                stack.pop()
                i += 1
            else:
                return JsonRefused("JSON_SYNTAX", "',' or a close was expected", i)


def _scan_string(text, i):
    """Reads the string starting at text[i] ('"'): (index past it, its value, a fault or None)."""
    j = i + 1
    while True:
        if j >= len(text):
            return j, None, JsonRefused("JSON_SYNTAX", "unterminated string", j)
        ch = text[j]
        if ch == '"':
            break
        if ord(ch) < 0x20:
            return j, None, JsonRefused("JSON_SYNTAX", "a control character in a string", j)
        if ch != "\\":
            j += 1
            continue
        escape = text[j + 1:j + 2]
        if escape in _SIMPLE_ESCAPES and escape != "":
            j += 2
            continue
        if escape != "u" or _HEX4.fullmatch(text, j + 2, j + 6) is None:
            return j, None, JsonRefused("JSON_SYNTAX", "an invalid escape", j)
        unit = int(text[j + 2:j + 6], 16)
        if 0xDC00 <= unit <= 0xDFFF:
            return j, None, JsonRefused("JSON_LONE_SURROGATE", "escaped lone surrogate", j)
        if 0xD800 <= unit <= 0xDBFF:
            # A high surrogate is lone unless a low surrogate escape follows at once. When another \u
            # escape follows, it is read first: a broken one is the grammar fault that comes first.
            if not text.startswith("\\u", j + 6):
                return j, None, JsonRefused("JSON_LONE_SURROGATE", "escaped lone surrogate", j)
            if _HEX4.fullmatch(text, j + 8, j + 12) is None:
                return j, None, JsonRefused("JSON_SYNTAX", "an invalid escape", j + 6)
            if not 0xDC00 <= int(text[j + 8:j + 12], 16) <= 0xDFFF:
                return j, None, JsonRefused("JSON_LONE_SURROGATE", "escaped lone surrogate", j)
            j += 12
            continue
        j += 6
    return j + 1, json.loads(text[i:j + 1]), None


def _skip_ws(text, index):
    while index < len(text) and text[index] in " \t\n\r":
        index += 1
    return index


def parse_bytes(data):
    """Parses one complete JSON text from bytes: a byte-order mark first (R-S1, JSON_BOM), then strict
    UTF-8, then the text; raises JsonRefused."""
    if data[:3] == b"\xef\xbb\xbf":
        raise JsonRefused("JSON_BOM", "a byte-order mark before the JSON text")
    return parse_text(decode_utf8(data))


def decode_utf8(data):
    """Decodes bytes as strict UTF-8 (no surrogates, no overlongs); raises JsonRefused."""
    try:
        return data.decode("utf-8", errors="strict")
    except UnicodeDecodeError:
        raise JsonRefused("JSON_INVALID_UTF8", "invalid UTF-8") from None


def _escape_string(text):
    out = ['"']
    for ch in text:
        code = ord(ch)
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif code < 0x20:
            out.append(_SHORT_ESCAPES.get(ch, "\\u%04x" % code))
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


_SHORT_ESCAPES = {"\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def write_compact(value):
    """Compact serialization: no whitespace, lexemes and member order kept, minimal escaping."""
    parts = []
    # An explicit stack: payloads may be nested deeper than Python's recursion allows.
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, _Token):
            parts.append(item.text)
        elif item is None:
            parts.append("null")
        elif item is True:
            parts.append("true")
        elif item is False:
            parts.append("false")
        elif isinstance(item, Num):
            parts.append(item.lexeme)
        elif isinstance(item, str):
            parts.append(_escape_string(item))
        elif isinstance(item, list):
            parts.append("[")
            pending = [_CLOSE_ARRAY]
            for index in range(len(item) - 1, -1, -1):
                pending.append(item[index])
                if index:
                    pending.append(_COMMA)
            stack.extend(pending)
        elif isinstance(item, dict):
            parts.append("{")
            pending = [_CLOSE_OBJECT]
            members = list(item.items())
            for index in range(len(members) - 1, -1, -1):
                key, member = members[index]
                pending.append(member)
                pending.append(_Token(_escape_string(key) + ":"))
                if index:
                    pending.append(_COMMA)
            stack.extend(pending)
        else:
            raise TypeError("not a JSON value: %r" % (item,))
    return "".join(parts)


class _Token:
    __slots__ = ("text",)

    def __init__(self, text):
        self.text = text


_COMMA = _Token(",")
_CLOSE_ARRAY = _Token("]")
_CLOSE_OBJECT = _Token("}")
