"""morph-artifact/1 import (MORPH-ART-1…8, R-M8, R-M9, R-M10), written from spec/morph/context.md."""

import re

import faults
from morph_codecs import check_options, decode_payload, is_registered
from morph_core import Refused, check_limits, check_text, is_hex64, jcs_text, parse_json_bytes, sha256_hex
from strict_json import write_compact

MAX_ARTIFACT_BYTES = 64 * 1024 * 1024  # MORPH-ART-1
TASK_ID = re.compile(r"[a-z0-9][a-z0-9.-]*\Z")


def _string(value):
    return isinstance(value, str)


def _non_empty(value):
    return isinstance(value, str) and value != ""


def _object(value):
    return isinstance(value, dict)


def _any(_value):
    return True


# Each level: (member, type check, required), in the order MORPH-ART-2 lists them.
ENVELOPE = (("artifactVersion", _string, True), ("artifactId", is_hex64, True),
            ("inputSemanticDigest", is_hex64, True), ("inputKind", lambda v: v in ("json-text", "js-value"), True),
            ("plan", _object, True), ("section", _object, True), ("modelDependencies", _object, True),
            ("dependencyMode", _string, True), ("target", _object, True), ("requestFrame", _object, True),
            ("integrity", _object, True))
PLAN = (("encoding", _string, True), ("formatVersion", _string, True), ("options", _object, True),
        ("plannerPolicy", lambda v: v in ("compatibility", "economy-experimental", "validated"), True))
SECTION = (("encoding", _string, True), ("formatVersion", _string, True), ("payload", _string, True),
           ("layoutMetadata", _object, True), ("interpretationGuideId", _string, True))
DEPENDENCIES = (("schema", _any, False), ("dictionaries", lambda v: isinstance(v, list), False),
                ("interpretationGuideId", _string, True), ("interpretationGuideVersion", _string, True),
                ("interpretationGuideText", _string, True))
TARGET = (("model", _non_empty, True), ("tokenizer", _non_empty, True))  # R-M8
REQUEST_FRAME = (("task", _object, True), ("prefix", _string, True), ("suffix", _string, True),
                 ("templateVersion", _string, True))
TASK = (("id", lambda v: isinstance(v, str) and (TASK_ID.match(v) is not None
                                                 or (faults.on("morph-artifact-task-id-unchecked") and v != "")), True),
        ("instruction", _non_empty, True))  # R-M8
INTEGRITY = (("payloadDigest", is_hex64, True), ("dependenciesDigest", is_hex64, True),
             ("algorithm", _string, True), ("canonicalizationVersion", _string, True))


def _check_level(name, value, shape):
    """MORPH-ART-2: first unknown member (document order), then first missing, then first ill-typed."""
    known = {member for member, _, _ in shape}
    for member in value:
        if member not in known and not faults.on("morph-artifact-unknown-member-allowed"):
            raise Refused("ARTIFACT_UNKNOWN_MEMBER", "unknown member %s.%s (MORPH-ART-2)" % (name, member))
    for member, _, required in shape:
        if required and member not in value:
            raise Refused("ARTIFACT_MISSING_MEMBER", "missing member %s.%s (MORPH-ART-2)" % (name, member))
    for member, check, _ in shape:
        if member in value and not check(value[member]):
            raise Refused("ARTIFACT_INVALID_MEMBER", "member %s.%s has a wrong type or form (MORPH-ART-2)"
                          % (name, member))


FIXED = (("artifactVersion", "morph-artifact/1", "UNSUPPORTED_ARTIFACT_VERSION"),
         ("dependencyMode", "self-contained", "UNSUPPORTED_DEPENDENCY_MODE"),
         ("templateVersion", "morph-prompt/1", "UNSUPPORTED_TEMPLATE_VERSION"),
         ("algorithm", "sha256", "UNSUPPORTED_INTEGRITY_ALGORITHM"),
         ("canonicalizationVersion", "morph-c14n/1", "UNSUPPORTED_CANONICALIZATION"))


def import_artifact(data):
    """Imports an artifact (bytes) and returns the decoded value; raises Refused (or Skipped for toon)."""
    if len(data) > MAX_ARTIFACT_BYTES:
        raise Refused("LIMIT_EXCEEDED", "artifact over 64 MiB (MORPH-ART-1)")
    artifact = parse_json_bytes(data)
    check_limits(artifact)  # JSON-LIMIT-1 with R-M2's limits, before the shape (MORPH-ART-1)
    check_text(artifact)  # MORPH-ART-1's text limits (JSON-LIMIT-1)
    if not isinstance(artifact, dict):
        raise Refused("ARTIFACT_NOT_OBJECT", "the artifact is not a JSON object (MORPH-ART-2)")
    _check_level("artifact", artifact, ENVELOPE)
    plan, section, deps = artifact["plan"], artifact["section"], artifact["modelDependencies"]
    frame, integrity = artifact["requestFrame"], artifact["integrity"]
    _check_level("plan", plan, PLAN)
    _check_level("section", section, SECTION)
    _check_level("modelDependencies", deps, DEPENDENCIES)
    _check_level("target", artifact["target"], TARGET)
    _check_level("requestFrame", frame, REQUEST_FRAME)
    _check_level("task", frame["task"], TASK)
    _check_level("integrity", integrity, INTEGRITY)
    holders = {"artifactVersion": artifact, "dependencyMode": artifact, "templateVersion": frame,
               "algorithm": integrity, "canonicalizationVersion": integrity}
    for member, expected, code in FIXED:
        if member == "templateVersion" and faults.on("morph-artifact-template-version-unchecked"):
            continue
        if holders[member][member] != expected:
            raise Refused(code, "%s is not %s (MORPH-ART-3)" % (member, expected))
    if "dictionaries" in deps and not (faults.on("morph-artifact-dictionaries-allowed") and deps["dictionaries"] == []):
        raise Refused("UNSUPPORTED_ARTIFACT_DEPENDENCY", "morph-artifact/1 has no dictionaries (MORPH-ART-4)")
    # The fault trusts the plan: it never compares the section's codec with it and decodes by the plan's.
    agreement_unchecked = faults.on("morph-artifact-agreement-unchecked")
    if (plan["encoding"] != section["encoding"] or plan["formatVersion"] != section["formatVersion"]) and not agreement_unchecked:
        raise Refused("PLAN_SECTION_MISMATCH", "plan and section name different codecs (MORPH-ART-5)")
    if section["interpretationGuideId"] != deps["interpretationGuideId"] and not faults.on("morph-artifact-guide-id-unchecked"):
        raise Refused("GUIDE_ID_MISMATCH", "section and dependencies name different guides (MORPH-ART-5)")
    if not is_registered(plan["encoding"], plan["formatVersion"]):
        raise Refused("UNSUPPORTED_ENCODING", "no codec %s@%s (MORPH-ART-6)" % (plan["encoding"], plan["formatVersion"]))
    if not faults.on("morph-artifact-options-unchecked"):
        check_options(plan["encoding"], plan["options"])
    if "delimiter" in plan["options"] and plan["options"]["delimiter"] != section["layoutMetadata"].get("delimiter"):
        raise Refused("PLAN_SECTION_MISMATCH", "the plan's delimiter differs from the layout's (MORPH-ART-7)")
    _check_integrity(artifact)
    encoding = plan["encoding"] if agreement_unchecked else section["encoding"]
    # The fault trusts the sealed payload: its digest matched, so the decoded value is not digested again.
    return decode_payload(encoding, section["layoutMetadata"], artifact["inputKind"],
                          artifact["inputSemanticDigest"], section["payload"],
                          check_decoded_digest=not faults.on("morph-artifact-decoded-digest-trusted"))


def _check_integrity(artifact):
    """MORPH-ART-8 with R-M9: payload digest, then dependencies digest, then artifactId."""
    if faults.on("morph-artifact-integrity-unchecked"):
        return
    section, integrity = artifact["section"], artifact["integrity"]
    payload_digest = sha256_hex(section["payload"])
    if payload_digest != integrity["payloadDigest"]:
        raise Refused("INTEGRITY_MISMATCH", "payloadDigest does not match the payload (MORPH-ART-8)")
    if faults.on("morph-artifact-digest-document-order"):
        dependencies_digest = sha256_hex(write_compact(artifact["modelDependencies"]))
    else:
        dependencies_digest = sha256_hex(jcs_text(artifact["modelDependencies"]))
    if dependencies_digest != integrity["dependenciesDigest"]:
        raise Refused("INTEGRITY_MISMATCH", "dependenciesDigest does not match (MORPH-ART-8)")
    identity = {
        "artifactVersion": artifact["artifactVersion"],
        "inputSemanticDigest": artifact["inputSemanticDigest"],
        "inputKind": artifact["inputKind"],
        "plan": artifact["plan"],
        "section": {"encoding": section["encoding"], "formatVersion": section["formatVersion"],
                    "interpretationGuideId": section["interpretationGuideId"],
                    "layoutMetadata": section["layoutMetadata"], "payloadDigest": payload_digest},
        "dependenciesDigest": dependencies_digest,
        "target": artifact["target"],
        "requestFrame": artifact["requestFrame"],
    }
    if sha256_hex(jcs_text(identity)) != artifact["artifactId"] and not faults.on("morph-artifact-id-unchecked"):
        raise Refused("INTEGRITY_MISMATCH", "artifactId does not match the identity object (MORPH-ART-8)")
