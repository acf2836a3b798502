"""The four morph ops of the testee protocol: morph.c14n, morph.decode, morph.import, morph.encode.

Each takes the input file's bytes and returns the observation, or raises `Refused` (a registered
code) or `Skipped` (a toon payload: the official TOON package is JavaScript). Written from
spec/morph/README.md, spec/morph/context.md and spec/protocol (observation shapes).
"""

import json
import os

import faults
from morph_artifact import import_artifact
from morph_bundle import frame_bundle, read_bundle
from morph_codecs import TOON, check_options, check_toon_applicable, encode_native, is_registered
from morph_core import MAX_TEXT_BYTES, Refused, Skipped, check_limits, check_text, jcs_text, parse_json_bytes, semantic_digest
from strict_json import write_compact

with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "morph_guides.json"), encoding="utf-8") as _f:
    # R-M7: the suite's own guide per encoding (the texts are data of src/morph/guides/, copied here).
    GUIDES = json.load(_f)


def read_value(data):
    """A MORPH json-text input: at most 16 MiB, strict JSON, within the R-M2 limits (MORPH-IR-2)."""
    if len(data) > MAX_TEXT_BYTES:
        raise Refused("LIMIT_EXCEEDED", "input over 16 MiB (R-M2)")
    value = parse_json_bytes(data)
    if not faults.on("morph-limits-unchecked"):
        check_limits(value)
    return value


def c14n(data):
    """morph.c14n: {"digest": the morph-c14n/1 digest of the JSON text}."""
    digest = semantic_digest(read_value(data))
    return {"digest": digest.upper() if faults.on("c14n-digest-uppercase") else digest}


def decode(data):
    """morph.decode: {"value": the value a MORPH-CONTEXT/1 bundle carries}."""
    return {"value": read_bundle(data)}


def import_(data):
    """morph.import: {"value": the value a morph-artifact/1 file carries}."""
    return {"value": import_artifact(data)}


MAX_REQUEST_BYTES = 64 * 1024 * 1024  # MORPH-ENC-1: a 16 MiB input escaped, plus the guide


def _invalid_request(why):
    return Refused("ENCODE_REQUEST_INVALID", "%s (MORPH-ENC-1)" % why)


def _check_request(request):
    """MORPH-ENC-1: exactly input (string), plan {encoding, formatVersion, options}, optional guide."""
    if not isinstance(request, dict):
        raise _invalid_request("the request is not an object")
    if not set(request) <= {"input", "plan", "guide"} or "input" not in request or "plan" not in request:
        raise _invalid_request("the request has exactly input, plan and optionally guide")
    plan = request["plan"]
    if not isinstance(request["input"], str) or not isinstance(plan, dict):
        raise _invalid_request("input is a string and plan an object")
    # The options' value is R-M11b's to judge after the codec (INVALID_CODEC_OPTIONS, check_options):
    # its core reading speaks of options that are no object, so their type is not the request's shape.
    if set(plan) != {"encoding", "formatVersion", "options"} or not isinstance(plan["encoding"], str) \
            or not isinstance(plan["formatVersion"], str):
        raise _invalid_request("plan is exactly {encoding, formatVersion, options}")


def _resolve_guide(request, encoding):
    """MORPH-ENC-2: absent or null is the suite's guide; otherwise exactly {id, version, text}."""
    guide = request.get("guide")
    if guide is None:
        if encoding not in GUIDES:
            raise Refused("UNKNOWN_GUIDE", "no suite guide for %s (MORPH-ENC-2)" % encoding)
        return GUIDES[encoding]
    if not isinstance(guide, dict) or set(guide) != {"id", "version", "text"} \
            or not all(isinstance(guide[k], str) for k in ("id", "version", "text")):
        raise _invalid_request("guide is null or exactly {id, version, text}, all strings")
    if faults.on("encode-guide-version-dropped"):
        return {"id": guide["id"], "version": "1", "text": guide["text"]}
    return guide


def encode(data):
    """morph.encode: {"bundle": the MORPH-CONTEXT/1 text of the input under the plan}."""
    if len(data) > MAX_REQUEST_BYTES:
        raise Refused("LIMIT_EXCEEDED", "request over 64 MiB, refused before parsing (MORPH-ENC-1)")
    request = parse_json_bytes(data)
    check_limits(request)  # JSON-LIMIT-1 with R-M2's limits, members passed over under core included (MORPH-ENC-1)
    check_text(request)  # and MORPH-ART-1's text limits (MORPH-ENC-1)
    _check_request(request)
    plan = request["plan"]
    encoding, version, options = plan["encoding"], plan["formatVersion"], plan["options"]
    if not is_registered(encoding, version):
        raise Refused("UNSUPPORTED_ENCODING", "no codec %s@%s (R-M1)" % (encoding, version))
    check_options(encoding, options)
    guide = _resolve_guide(request, encoding)
    value = read_value(request["input"].encode("utf-8", "surrogatepass"))
    digest = semantic_digest(value)
    if encoding == TOON:
        check_toon_applicable(value)
        raise Skipped("a toon payload needs the official @toon-format/toon package (JavaScript)")
    payload, own = encode_native(encoding, options, value)
    layout = {"irVersion": "morph-ir/1", "inputKind": "json-text", "semanticDigest": digest}
    layout.update(own)
    metadata = {"encoding": encoding, "formatVersion": version, "inputKind": "json-text",
                "inputSemanticDigest": digest, "interpretationGuideId": guide["id"],
                "interpretationGuideVersion": guide["version"], "layoutMetadata": layout}
    metadata_text = write_compact(metadata) if faults.on("encode-metadata-not-sorted") else jcs_text(metadata)
    bundle = frame_bundle(guide["text"], metadata_text, "null", payload)
    if faults.on("encode-trailing-lf"):
        bundle += "\n"
    return {"bundle": bundle}


OPS = {"morph.c14n": c14n, "morph.decode": decode, "morph.import": import_, "morph.encode": encode}
