"""journal.track-key: a tuple of labels to its track key bytes, written from spec/journal R-J10 and JRN-OP-3.

The input is a JSON array of strings; the key is each label's UTF-8 bytes followed by U+001F,
outermost label first.
"""

import base64

import faults
from journal_reader import Refused
from strict_json import JsonRefused, parse_bytes, write_compact

SEPARATOR = b"\x1f"


def _label_ok(label):
    """R-J10: non-empty, no C0 control, no DEL or C1 control, no lone surrogate."""
    if label == "" and not faults.on("track-key-empty-label-accepted"):
        return False
    for ch in label:
        code = ord(ch)
        if code <= 0x1F and not (faults.on("track-key-tab-allowed") and ch == "\t"):
            return False
        if 0x7F <= code <= 0x9F and not faults.on("track-key-c1-controls-allowed"):
            return False
        if 0xD800 <= code <= 0xDFFF:
            return False
    return True


def track_key(data):
    """Reads the op input (bytes) and returns {"key": base64 of the key bytes}; raises Refused."""
    try:
        value = parse_bytes(data)
    except JsonRefused as exc:
        raise Refused(exc.code, str(exc)) from None
    # JRN-OP-3: the input is an array of strings.
    if faults.on("track-key-non-strings-coerced") and isinstance(value, list):
        value = [item if isinstance(item, str) else write_compact(item) for item in value]
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise Refused("INVALID_OP_INPUT", "the input must be a JSON array of strings")
    if faults.on("track-key-labels-reversed"):
        value = value[::-1]
    key = b""
    for label in value:
        if not _label_ok(label):
            raise Refused("INVALID_TRACK_LABEL", "label %r is empty or holds a control character" % label)
        if faults.on("track-key-separator-before-label"):
            key += SEPARATOR + label.encode("utf-8")
        else:
            key += label.encode("utf-8") + SEPARATOR
    if faults.on("track-key-no-final-separator") and key:
        key = key[:-1]
    return {"key": base64.b64encode(key).decode("ascii")}
