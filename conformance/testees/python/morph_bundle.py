"""MORPH-CONTEXT/1 bundles: the reader (MORPH-CTX-1…9, R-M6, R-M6a) and the writer (R-M4), written
from spec/morph/context.md.
"""

import hashlib

import faults
from morph_codecs import INPUT_KINDS, decode_payload, is_registered
from morph_core import MAX_TEXT_BYTES, Refused, check_limits, is_hex64, jcs_text, parse_json

SECTIONS = ("GUIDE", "METADATA", "SCHEMA", "PAYLOAD")
HEADER = "MORPH-CONTEXT/1 "
BOUNDARY_HEX = 24
METADATA_STRINGS = ("encoding", "formatVersion", "inputKind", "inputSemanticDigest", "interpretationGuideId",
                    "interpretationGuideVersion")
METADATA_MEMBERS = METADATA_STRINGS + ("layoutMetadata",)
MAX_BOUNDARY_ATTEMPTS = 1024  # R-M4


def markers(boundary):
    """The nine markers of a boundary, in the order MORPH-CTX-3 checks them."""
    out = []
    for section in SECTIONS:
        out.append("<<<MORPH:%s:BEGIN:%s>>>" % (boundary, section))
        out.append("<<<MORPH:%s:END:%s>>>" % (boundary, section))
    out.append("<<<MORPH:%s:END>>>" % boundary)
    return out


def _is_boundary(text):
    return len(text) == BOUNDARY_HEX and all(c in "0123456789abcdef" for c in text)


def read_bundle(data):
    """Reads a bundle (bytes) and returns the decoded value; raises Refused (or Skipped for toon)."""
    if len(data) > MAX_TEXT_BYTES:
        raise Refused("LIMIT_EXCEEDED", "bundle over 16 MiB (MORPH-CTX-5)")
    try:
        text = data.decode("utf-8", errors="strict")
    except UnicodeDecodeError:
        raise Refused("BUNDLE_INVALID_UTF8", "the bundle is not UTF-8 (MORPH-CTX-1)") from None
    if faults.on("morph-bundle-crlf-normalized"):
        text = text.replace("\r\n", "\n")
    header_end = len(HEADER) + BOUNDARY_HEX
    boundary = text[len(HEADER):header_end]
    # A CR LF line end is a layout fault (R-M6), checked after the markers; any other end is the header's.
    line_end = "\r\n" if text[header_end:header_end + 2] == "\r\n" else text[header_end:header_end + 1]
    if not text.startswith(HEADER) or not _is_boundary(boundary) or line_end not in ("\n", "\r\n"):
        raise Refused("BUNDLE_HEADER", "no MORPH-CONTEXT/1 header line (MORPH-CTX-2)")
    all_markers = markers(boundary)
    for marker in all_markers:
        found = text.count(marker)
        if found == 0:
            raise Refused("BUNDLE_MARKER_MISSING", "marker %s is missing (MORPH-CTX-3)" % marker)
        if found > 1:
            raise Refused("BUNDLE_MARKER_DUPLICATE", "marker %s occurs %d times (MORPH-CTX-3)" % (marker, found))
    final = all_markers[-1]
    if faults.on("morph-bundle-trailing-data-ignored"):
        text = text[:text.find(final) + len(final)]
    after = text[text.find(final) + len(final):]
    if after not in ("", "\n", "\r\n"):
        raise Refused("BUNDLE_TRAILING_DATA", "text after the final marker (MORPH-CTX-4)")
    if line_end != "\n":
        raise Refused("BUNDLE_LAYOUT", "the header line ends with CR LF (R-M6)")
    parts = _read_layout(text, header_end + 1, all_markers)
    metadata = _read_metadata(parts["METADATA"])
    _read_schema(parts["SCHEMA"])
    if not is_registered(metadata["encoding"], metadata["formatVersion"]):
        raise Refused("UNSUPPORTED_ENCODING", "no codec %s@%s (MORPH-CTX-8)"
                      % (metadata["encoding"], metadata["formatVersion"]))
    return decode_payload(metadata["encoding"], metadata["layoutMetadata"], metadata["inputKind"],
                          metadata["inputSemanticDigest"], parts["PAYLOAD"])


def _read_layout(text, position, all_markers):
    """R-M6: the exact section layout; returns each section's content."""
    parts = {}
    for index, section in enumerate(SECTIONS):
        begin, end = all_markers[2 * index], all_markers[2 * index + 1]
        if not text.startswith(begin + "\n", position):
            raise Refused("BUNDLE_LAYOUT", "section %s does not start here with its LF (R-M6)" % section)
        start = position + len(begin) + 1
        stop = text.find(end, start)
        # END follows its LF; an empty content is two LFs in a row.
        if stop < start + 1 or text[stop - 1] != "\n":
            raise Refused("BUNDLE_LAYOUT", "section %s is not closed by LF and its END marker (R-M6)" % section)
        parts[section] = text[start:stop - 1]
        position = stop + len(end)
        if not text.startswith("\n", position):
            raise Refused("BUNDLE_LAYOUT", "no LF after the END marker of %s (R-M6)" % section)
        position += 1
    rest = text[position:]
    if rest != all_markers[-1] and not (faults.on("morph-bundle-final-lf-tolerated") and rest == all_markers[-1] + "\n"):
        raise Refused("BUNDLE_LAYOUT", "the final marker is not alone after the sections (R-M6)")
    return parts


def _read_metadata(text):
    """MORPH-CTX-6 then R-M6a."""
    try:
        metadata = parse_json(text)
    except Refused:
        raise Refused("BUNDLE_METADATA_INVALID", "the METADATA section is not strict JSON (MORPH-CTX-6)") from None
    check_limits(metadata)  # JSON-LIMIT-1 with R-M2's depth and value limits (MORPH-CTX-7, limits)
    if not isinstance(metadata, dict) or set(metadata) != set(METADATA_MEMBERS):
        raise Refused("BUNDLE_METADATA_INVALID", "METADATA has not exactly its seven members (MORPH-CTX-6)")
    if not all(isinstance(metadata[name], str) for name in METADATA_STRINGS) \
            or not isinstance(metadata["layoutMetadata"], dict) \
            or metadata["inputKind"] not in INPUT_KINDS or not is_hex64(metadata["inputSemanticDigest"]):
        raise Refused("BUNDLE_METADATA_INVALID", "a METADATA member has a wrong type or value (MORPH-CTX-6)")
    if jcs_text(metadata) != text and not faults.on("morph-bundle-metadata-not-canonical-allowed"):
        raise Refused("BUNDLE_METADATA_NOT_CANONICAL", "METADATA is not its JCS text (R-M6a)")
    return metadata


def _read_schema(text):
    """MORPH-CTX-7 then R-M6a."""
    try:
        schema = parse_json(text)
    except Refused:
        raise Refused("BUNDLE_SCHEMA_INVALID", "the SCHEMA section is not strict JSON (MORPH-CTX-7)") from None
    check_limits(schema)  # JSON-LIMIT-1 with R-M2's depth and value limits (MORPH-CTX-7, limits)
    if jcs_text(schema) != text:
        raise Refused("BUNDLE_SCHEMA_NOT_CANONICAL", "SCHEMA is not its JCS text (R-M6a)")
    return schema


def frame_bundle(guide, metadata_text, schema_text, payload):
    """R-M4 and R-M6: the bundle text with the first boundary whose markers occur in no part."""
    parts = (guide, metadata_text, schema_text, payload)
    for attempt in range(MAX_BOUNDARY_ATTEMPTS):
        if faults.on("encode-boundary-seed-without-attempt"):
            seed = "morph-boundary/1\n%s\0%s\0%s\0%s" % parts + "\0" * attempt
        else:
            seed = "morph-boundary/1\n%d\n%s\0%s\0%s\0%s" % ((attempt,) + parts)
        boundary = hashlib.sha256(seed.encode("utf-8")).hexdigest()[:BOUNDARY_HEX]
        all_markers = markers(boundary)
        if any(marker in part for marker in all_markers for part in parts):
            continue
        out = [HEADER + boundary + "\n"]
        for index, content in enumerate(parts):
            out.append("%s\n%s\n%s\n" % (all_markers[2 * index], content, all_markers[2 * index + 1]))
        out.append(all_markers[-1])
        return "".join(out)
    raise Refused("BOUNDARY_EXHAUSTED", "all 1,024 boundaries collide with the parts (R-M4)")
