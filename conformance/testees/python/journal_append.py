"""journal.append: one group appended to a journal, written from spec/journal JRN-OP-1, JRN-OP-2, R-J6, R-J9.

Reads the journal with the reader's rules, checks the new group with the frame rules, drops a v3
torn tail, migrates a v2 file to v3, and writes the group as one canonical frame line.
"""

import base64
import binascii

import faults

from journal_reader import (ENTRY_MEMBERS, METADATA_MEMBERS, MAX_FRAME_BYTES, Refused, _check_frame,
                            read_journal_details)
from strict_json import JsonRefused, Num, parse_bytes, write_compact


def _canonical_entry(entry):
    """R-J8: an entry and its metadata in the canonical member order, values as given."""
    out = {name: entry[name] for name in ENTRY_MEMBERS}
    out["metadata"] = {name: entry["metadata"][name] for name in METADATA_MEMBERS}
    return out


def _decode_journal(text):
    """JRN-OP-1: canonical padded base64 (RFC 4648 section 4), no whitespace."""
    if faults.on("append-base64-whitespace-skipped"):
        text = "".join(text.split())
    if faults.on("append-base64-padding-optional"):
        text += "=" * (-len(text) % 4)
    if faults.on("append-base64-unpadded-expected"):
        # The unpadded alphabet (like Go's RawStdEncoding): "=" is refused, its absence restored.
        if "=" in text:
            return None
        text += "=" * (-len(text) % 4)
    try:
        raw = base64.b64decode(text.encode("ascii"), validate=True)
    except (binascii.Error, UnicodeEncodeError, ValueError):
        return None
    if faults.on("append-base64-bits-unchecked"):
        return raw
    return raw if base64.b64encode(raw).decode("ascii") == text else None


def append_group(data):
    """Reads the op input (bytes) and returns {"bytes": base64 of the new file}; raises Refused."""
    try:
        value = parse_bytes(data)
    except JsonRefused as exc:
        raise Refused(exc.code, str(exc)) from None
    members_ok = (set(value) >= {"journal", "group"} if faults.on("append-extra-members-allowed")
                  else set(value) == {"journal", "group"}) if isinstance(value, dict) else False
    if not (members_ok
            and isinstance(value["journal"], str) and isinstance(value["group"], list)):
        raise Refused("INVALID_OP_INPUT", "the input is {journal: base64, group: [entry...]}")
    journal = _decode_journal(value["journal"])
    if journal is None:
        raise Refused("INVALID_OP_INPUT", "journal is not canonical padded base64")
    observation, last_stored, header_end, inspected = read_journal_details(journal)
    group = value["group"]
    # JRN-OP-2: every frame rule applies to the new group before anything is written.
    first = group[0]["position"] if group and isinstance(group[0], dict) and "position" in group[0] else Num("0")
    last = group[-1]["position"] if group and isinstance(group[-1], dict) and "position" in group[-1] else Num("0")
    frame = {"group": Num("1"), "first": first, "frontier": last, "entries": group}
    entries = _check_frame(frame, b"", None)
    if faults.on("append-frame-first-is-frontier"):
        first = last
    frame = {"group": Num("1"), "first": first, "frontier": last,
             "entries": [entry["source"] if faults.on("append-input-member-order-kept") else _canonical_entry(entry["source"])
                         for entry in entries]}
    line = write_compact(frame).encode("utf-8")
    if len(line) > MAX_FRAME_BYTES:
        raise Refused("FRAME_TOO_LARGE", "the new group frame is over 8 MiB")  # R-J6
    start = entries[0]["position"]
    frontier = int(observation["frontier"].lexeme)
    if last_stored == 0:
        # A header-only file: its whole history is folded into the origin, so the group continues it.
        last_stored = frontier
    if (start != frontier + 1 or start != last_stored + 1) and not faults.on("append-continuity-unchecked"):
        raise Refused("APPEND_NOT_CONTINUOUS", "the group must start right after the frontier and the last entry")
    if observation["schema"].lexeme == "2" and not faults.on("append-v2-not-migrated"):
        # R-J9: migrate to v3: canonical header with the same lexemes, then every v2 line byte for byte.
        header = '{"schema":3,"generation":%s,"origin":%s}\n' % (observation["generation"].lexeme,
                                                                observation["origin"].lexeme)
        body = inspected[header_end + 1:]
        if body and not body.endswith(b"\n") and not faults.on("append-v2-final-line-left-open"):
            body += b"\n"
        prefix = header.encode("utf-8") + body
    else:
        prefix = journal if faults.on("append-torn-tail-kept") else inspected  # R-J3: a torn tail is removed first
    return {"bytes": base64.b64encode(prefix + line + b"\n").decode("ascii")}
