"""MORPH building blocks shared by the four morph ops, written from spec/morph/README.md and spec/shared.

- the refusal value (`Refused`, a code from spec/morph or spec/shared) and the `Skipped` answer for
  what this reader cannot do (the toon codec is the official JavaScript package);
- the R-M2 limits on a value (depth 64, 250,000 nodes) and on texts (16 MiB);
- the morph-c14n/1 semantic digest (MORPH-C14N-1);
- RFC 8785 (JCS) text (R-S4) with ECMAScript number printing, used by bundles (R-M6a) and artifact
  digests (R-M9);
- the JavaScript `String(Number(lexeme))` test the toon number rule needs (MORPH-TOON-1).
"""

import decimal
import hashlib

import faults
from strict_json import JsonRefused, Num, _escape_string, decode_utf8, parse_text

MAX_TEXT_BYTES = 16 * 1024 * 1024  # R-M2
MAX_DEPTH = 64  # R-M2: a root container is depth 1
MAX_NODES = 250_000  # R-M2: every value counts one
HEX = frozenset("0123456789abcdef")


class Refused(Exception):
    """A MORPH refusal: `code` is registered in spec/morph or spec/shared."""

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code


class Skipped(Exception):
    """This reader cannot answer the case (it needs the official TOON package)."""


def is_hex64(value):
    """True for a string of exactly 64 lowercase hex digits."""
    return isinstance(value, str) and len(value) == 64 and all(c in HEX for c in value)


def is_unsigned(value):
    """R-S2: an unsigned integer is a lexeme 0|[1-9][0-9]* that fits in 64 bits."""
    if not isinstance(value, Num):
        return False
    text = value.lexeme
    if not text.isascii() or not text.isdigit() or (len(text) > 1 and text[0] == "0"):
        return False
    return int(text) < 2 ** 64


def measure(value, base_depth=0):
    """(depth, nodes) of a value; a scalar root is depth 0, a root container depth 1 (R-M2)."""
    depth = 0
    nodes = 0
    stack = [(value, base_depth)]
    while stack:
        item, level = stack.pop()
        nodes += 1
        if isinstance(item, list):
            level += 1
            stack.extend((child, level) for child in item)
        elif isinstance(item, dict):
            level += 1
            stack.extend((child, level) for child in item.values())
        else:
            continue
        if level > depth:
            depth = level
    return depth, nodes


def check_limits(value, base_depth=0):
    """R-M2: refuses a value deeper than 64 containers or with more than 250,000 nodes."""
    depth, nodes = measure(value, base_depth)
    limit = MAX_DEPTH + 1 if faults.on("morph-depth-limit-off-by-one") else MAX_DEPTH
    if depth > limit:
        raise Refused("LIMIT_EXCEEDED", "container depth %d is over %d (R-M2)" % (depth, MAX_DEPTH))
    if nodes > MAX_NODES:
        raise Refused("LIMIT_EXCEEDED", "%d nodes are over %d (R-M2)" % (nodes, MAX_NODES))
    return nodes


# MORPH-ART-1's text limits (JSON-LIMIT-1), for an artifact and an encode request (MORPH-ENC-1): a
# string or member name holds at most R-M2's 16 MiB once its escapes are read, and all of them together
# at most 20 MiB, both counted in UTF-8 bytes.
MAX_STRING_BYTES = 16 * 1024 * 1024
MAX_CARRIER_TEXT_BYTES = 20 * 1024 * 1024


def check_text(value):
    """Refuses a value with a string or member name over 16 MiB, or over 20 MiB of them in all (UTF-8)."""
    total = 0
    stack = [value]
    while stack:
        item = stack.pop()
        texts = ()
        if isinstance(item, str):
            texts = (item,)
        elif isinstance(item, dict):
            texts = item.keys()
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        for text in texts:
            size = len(text.encode("utf-8", "surrogatepass"))
            if size > MAX_STRING_BYTES:
                raise Refused("LIMIT_EXCEEDED", "a string or member name over 16 MiB (MORPH-ART-1)")
            total += size
    if total > MAX_CARRIER_TEXT_BYTES:
        raise Refused("LIMIT_EXCEEDED", "strings and member names over 20 MiB in all (MORPH-ART-1)")


def parse_json(text, base_depth=0, base_nodes=0):
    """Strict JSON text (a str) to a value; the JSON core's codes answer (R-S1).

    base_depth and base_nodes place the text inside a larger value (a json-lines line sits under the
    root array, after the lines before it), for the limit check before a grammar fault.
    """
    try:
        return parse_text(text)
    except JsonRefused as exc:
        # JSON-LIMIT-1: the text is read in order, so a depth or node limit passed before the
        # grammar fault is the refusal.
        if exc.pos is not None and _passes_limits(text, exc.pos, base_depth, base_nodes):
            raise Refused("LIMIT_EXCEEDED", "over R-M2's depth or node limit before the syntax fault") from None
        raise Refused(exc.code, str(exc)) from None


def _passes_limits(text, end, depth=0, nodes=0):
    """Whether text[:end], read from depth and nodes, opens more than MAX_DEPTH containers at once or
    begins more than MAX_NODES values."""
    stack = []
    expecting_name = False
    i = 0
    while i < end:
        ch = text[i]
        if ch in " \t\n\r":
            i += 1
            continue
        if ch in "{[":
            nodes += 1
            depth += 1
            stack.append(ch)
            expecting_name = ch == "{"
        elif ch in "}]":
            depth -= 1
            if stack:
                stack.pop()
        elif ch == ",":
            expecting_name = bool(stack) and stack[-1] == "{"
        elif ch == ":":
            expecting_name = False
        elif ch == '"':
            i += 1
            while i < end and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
            if not expecting_name:
                nodes += 1
            expecting_name = False
        else:
            nodes += 1
            while i + 1 < end and text[i + 1] not in ",:]} \t\n\r":
                i += 1
        if depth > MAX_DEPTH or nodes > MAX_NODES:
            return True
        i += 1
    return False


def parse_json_bytes(data):
    """Strict JSON from bytes: a BOM is JSON_BOM, bad UTF-8 JSON_INVALID_UTF8 (R-S1)."""
    if data[:3] == b"\xef\xbb\xbf" and faults.on("morph-bom-skipped"):
        data = data[3:]
    if data[:3] == b"\xef\xbb\xbf":
        raise Refused("JSON_BOM", "a byte-order mark before the JSON text (R-S1)")
    try:
        text = decode_utf8(data)
    except JsonRefused as exc:
        raise Refused(exc.code, str(exc)) from None
    return parse_json(text)


def utf16_key(name):
    """Sort key for member names in ascending UTF-16 code-unit order (MORPH-C14N-1, R-S4)."""
    return name.encode("utf-16-be", "surrogatepass")


def _utf8_len(text):
    return len(text.encode("utf-8"))


def tagged_form(value):
    """The morph-c14n/1 tagged serialization of a value (MORPH-C14N-1), without the header line."""
    out = []
    # An explicit stack: a value may be nested 64 deep and Python's recursion is no concern then,
    # but the tree walk stays the same shape as every other walk here.
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, _Raw):
            out.append(item.text)
        elif item is None:
            out.append("N;")
        elif item is True:
            out.append("B1;")
        elif item is False:
            out.append("B0;")
        elif isinstance(item, Num):
            out.append("D%d:%s;" % (_utf8_len(item.lexeme), item.lexeme))
        elif isinstance(item, str):
            out.append("S%d:%s;" % (_utf8_len(item), item))
        elif isinstance(item, list):
            out.append("A%d:[" % len(item))
            stack.append(_Raw("]"))
            stack.extend(reversed(item))
        elif isinstance(item, dict):
            out.append("O%d:{" % len(item))
            if faults.on("c14n-display-order"):
                names = list(item)
            elif faults.on("c14n-code-point-order"):
                names = sorted(item)
            else:
                names = sorted(item, key=utf16_key)
            pending = []
            for name in names:
                length = len(name) if faults.on("c14n-length-in-characters") else _utf8_len(name)
                pending.append(_Raw("K%d:%s;" % (length, name)))
                pending.append(item[name])
            stack.append(_Raw("}"))
            stack.extend(reversed(pending))
        else:
            raise TypeError("not a JSON value: %r" % (item,))
    return "".join(out)


class _Raw:
    __slots__ = ("text",)

    def __init__(self, text):
        self.text = text


def semantic_digest(value):
    """MORPH-C14N-1: lowercase hex SHA-256 of `morph-c14n/1` LF and the tagged form."""
    text = "morph-c14n/1\n" + tagged_form(value)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def sha256_hex(text):
    """Lowercase hex SHA-256 of a text's UTF-8 bytes."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def js_number_string(number):
    """ECMAScript Number::toString of a finite double (the printing JCS and String() use)."""
    if number == 0:
        return "0"
    sign = "-" if number < 0 else ""
    # repr gives the shortest digits that round-trip, which is what ECMAScript asks for too.
    digits_tuple = decimal.Decimal(repr(abs(number))).as_tuple()
    digits = "".join(str(d) for d in digits_tuple.digits).rstrip("0")
    stripped = len("".join(str(d) for d in digits_tuple.digits)) - len(digits)
    k = len(digits)
    # value = 0.digits x 10^n
    n = digits_tuple.exponent + stripped + k
    if k <= n <= 21:
        body = digits + "0" * (n - k)
    elif 0 < n <= 21:
        body = digits[:n] + "." + digits[n:]
    elif -6 < n <= 0:
        body = "0." + "0" * (-n) + digits
    else:
        e = n - 1
        mantissa = digits if k == 1 else digits[0] + "." + digits[1:]
        body = "%se%s%d" % (mantissa, "+" if e >= 0 else "-", abs(e))
    return sign + body


def lexeme_double(lexeme):
    """The double nearest to a JSON number lexeme (JavaScript's Number(lexeme))."""
    return float(lexeme)


def jcs_text(value):
    """RFC 8785 text of a value (R-S4); a number beyond the double range is JCS_NUMBER_RANGE."""
    out = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, _Raw):
            out.append(item.text)
        elif item is None:
            out.append("null")
        elif item is True:
            out.append("true")
        elif item is False:
            out.append("false")
        elif isinstance(item, Num):
            double = lexeme_double(item.lexeme)
            if double in (float("inf"), float("-inf")):
                raise Refused("JCS_NUMBER_RANGE", "number %s has no JCS form (R-S4)" % item.lexeme)
            out.append(js_number_string(double))
        elif isinstance(item, str):
            out.append(_escape_string(item))
        elif isinstance(item, list):
            out.append("[")
            pending = []
            for index, child in enumerate(item):
                if index:
                    pending.append(_Raw(","))
                pending.append(child)
            pending.append(_Raw("]"))
            stack.extend(reversed(pending))
        elif isinstance(item, dict):
            out.append("{")
            pending = []
            for index, name in enumerate(sorted(item, key=utf16_key)):
                if index:
                    pending.append(_Raw(","))
                pending.append(_Raw(_escape_string(name) + ":"))
                pending.append(item[name])
            pending.append(_Raw("}"))
            stack.extend(reversed(pending))
        else:
            raise TypeError("not a JSON value: %r" % (item,))
    return "".join(out)
