"""Strict JSON (RFC 8259 with the R-S1/R-S2 refusals) for the independent Python reader.

The standard library's json module does the tokenising; its hooks keep every number as its
lexeme (R-S2: `1.0` and `1` stay apart), refuse NaN/Infinity, and refuse duplicate member names.
A walk afterwards refuses escaped lone surrogates, which the json module lets through.
"""

import json

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
