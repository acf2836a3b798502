//! A starter testee for formcert: `journal.read` in both protocol modes, standard library only.
//!
//!     journal-starter journal.read <input>    # exec mode, one process per case
//!     journal-starter --persistent            # persistent mode, JSON lines on stdin/stdout
//!
//! The protocol is spec/protocol/README.md (version 1.1); the journal rules are spec/journal/README.md.
//! Copy this crate, replace `read_journal` with a call into your own reader, keep the protocol code.

use std::collections::HashSet;
use std::io::{self, BufRead, Write};
use std::process::ExitCode;

const FRAME_LIMIT: usize = 8_388_608;
const PAYLOAD_BUDGET: usize = 4_194_304;
const FIELD_LIMIT: usize = 1024;
const MAX_RECORDS: usize = 256;
const MAX_DEPTH: usize = 10_000;
const ENTRY_MEMBERS: [&str; 6] = ["position", "kind", "id", "version", "metadata", "payload"];
const METADATA_MEMBERS: [&str; 6] = ["principal", "correlation", "causation", "request", "link", "at_us"];

/// The input breaks a rule: `code` is the formcert error code.
#[derive(Debug)]
struct Refused {
    code: &'static str,
    message: String,
}

fn refuse<T>(code: &'static str, message: impl Into<String>) -> Result<T, Refused> {
    Err(Refused { code, message: message.into() })
}

/// A JSON value; numbers keep their exact lexeme (R-S2) and objects their member order.
#[derive(Debug, Clone, PartialEq)]
enum Value {
    Null,
    Bool(bool),
    Number(String),
    Str(String),
    Array(Vec<Value>),
    Object(Vec<(String, Value)>),
}

impl Value {
    fn get(&self, name: &str) -> Option<&Value> {
        match self {
            Value::Object(members) => members.iter().find(|(k, _)| k == name).map(|(_, v)| v),
            _ => None,
        }
    }
    fn member(&self, name: &str) -> &Value {
        self.get(name).unwrap_or(&Value::Null)
    }
}

/// A strict parser for one line (JSON-SYNTAX-1, R-S1): duplicate members and lone surrogates are
/// refused, and only space and tab separate tokens. The line is read in order and its first fault is
/// the one refused.
struct Parser<'a> {
    text: &'a [u8],
    at: usize,
}

impl<'a> Parser<'a> {
    fn syntax<T>(&self, why: &str) -> Result<T, Refused> {
        refuse("JSON_SYNTAX", format!("{why} at byte {}", self.at))
    }
    fn skip_space(&mut self) {
        while self.at < self.text.len() && (self.text[self.at] == b' ' || self.text[self.at] == b'\t') {
            self.at += 1;
        }
    }
    fn peek(&self) -> Option<u8> {
        self.text.get(self.at).copied()
    }
    fn hex4(&mut self) -> Result<u32, Refused> {
        let digits = self.text.get(self.at..self.at + 4).and_then(|d| std::str::from_utf8(d).ok());
        match digits.and_then(|d| u32::from_str_radix(d, 16).ok()) {
            Some(unit) if digits.is_some_and(|d| d.bytes().all(|b| b.is_ascii_hexdigit())) => {
                self.at += 4;
                Ok(unit)
            }
            _ => self.syntax("bad \\u escape"),
        }
    }
    fn string(&mut self) -> Result<String, Refused> {
        self.at += 1; // the opening quote
        let mut out = String::new();
        loop {
            let Some(c) = self.peek() else { return self.syntax("unterminated string") };
            match c {
                b'"' => {
                    self.at += 1;
                    return Ok(out);
                }
                0..=0x1f => return self.syntax("raw control character in a string"),
                b'\\' => {
                    self.at += 1;
                    let escape = self.peek();
                    self.at += 1;
                    match escape {
                        Some(b'"') => out.push('"'),
                        Some(b'\\') => out.push('\\'),
                        Some(b'/') => out.push('/'),
                        Some(b'b') => out.push('\u{8}'),
                        Some(b'f') => out.push('\u{c}'),
                        Some(b'n') => out.push('\n'),
                        Some(b'r') => out.push('\r'),
                        Some(b't') => out.push('\t'),
                        Some(b'u') => {
                            let unit = self.hex4()?;
                            let code = if (0xd800..0xdc00).contains(&unit) {
                                // A high surrogate must be followed at once by an escaped low one.
                                if self.text.get(self.at..self.at + 2) != Some(b"\\u") {
                                    return refuse("JSON_LONE_SURROGATE", "a \\u escape names a lone surrogate");
                                }
                                self.at += 2;
                                let low = self.hex4()?;
                                if !(0xdc00..0xe000).contains(&low) {
                                    return refuse("JSON_LONE_SURROGATE", "a \\u escape names a lone surrogate");
                                }
                                0x10000 + ((unit - 0xd800) << 10) + (low - 0xdc00)
                            } else if (0xdc00..0xe000).contains(&unit) {
                                return refuse("JSON_LONE_SURROGATE", "a \\u escape names a lone surrogate");
                            } else {
                                unit
                            };
                            out.push(char::from_u32(code).expect("a valid scalar value"));
                        }
                        _ => return self.syntax("bad escape"),
                    }
                }
                _ => {
                    // Copy the run of plain bytes up to the next quote, backslash or control byte. The
                    // line is valid UTF-8 (checked before parsing) and the run ends at an ASCII byte.
                    let start = self.at;
                    while self.peek().is_some_and(|b| b != b'"' && b != b'\\' && b >= 0x20) {
                        self.at += 1;
                    }
                    out.push_str(std::str::from_utf8(&self.text[start..self.at]).expect("checked UTF-8"));
                }
            }
        }
    }
    fn number(&mut self) -> Result<Value, Refused> {
        let start = self.at;
        let digits = |p: &mut Self| {
            let from = p.at;
            while p.peek().is_some_and(|b| b.is_ascii_digit()) {
                p.at += 1;
            }
            p.at - from
        };
        if self.peek() == Some(b'-') {
            self.at += 1;
        }
        match self.peek() {
            Some(b'0') => self.at += 1,
            Some(b'1'..=b'9') => {
                digits(self);
            }
            _ => return self.syntax("expected a value"),
        }
        if self.peek() == Some(b'.') {
            self.at += 1;
            if digits(self) == 0 {
                return self.syntax("digits must follow the decimal point");
            }
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            self.at += 1;
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.at += 1;
            }
            if digits(self) == 0 {
                return self.syntax("digits must follow the exponent");
            }
        }
        Ok(Value::Number(String::from_utf8(self.text[start..self.at].to_vec()).expect("ASCII")))
    }
    fn value(&mut self, depth: usize) -> Result<Value, Refused> {
        if depth > MAX_DEPTH {
            // The format leaves very deep nesting to the reader (R-S2a); this one sets a limit.
            return refuse("LIMIT_EXCEEDED", "nesting too deep for this reader");
        }
        self.skip_space();
        match self.peek() {
            Some(b'{') => {
                self.at += 1;
                let mut members: Vec<(String, Value)> = Vec::new();
                // The names seen so far: an object may have tens of thousands of members.
                let mut seen: HashSet<String> = HashSet::new();
                self.skip_space();
                if self.peek() == Some(b'}') {
                    self.at += 1;
                    return Ok(Value::Object(members));
                }
                loop {
                    self.skip_space();
                    if self.peek() != Some(b'"') {
                        return self.syntax("expected a member name");
                    }
                    let name = self.string()?;
                    // R-S1: the repeated name is the fault, before anything its value holds.
                    if !seen.insert(name.clone()) {
                        return refuse("JSON_DUPLICATE_MEMBER", format!("member {name:?} appears twice"));
                    }
                    self.skip_space();
                    if self.peek() != Some(b':') {
                        return self.syntax("expected ':'");
                    }
                    self.at += 1;
                    let value = self.value(depth + 1)?;
                    members.push((name, value));
                    self.skip_space();
                    match self.peek() {
                        Some(b',') => self.at += 1,
                        Some(b'}') => {
                            self.at += 1;
                            return Ok(Value::Object(members));
                        }
                        _ => return self.syntax("expected ',' or '}'"),
                    }
                }
            }
            Some(b'[') => {
                self.at += 1;
                let mut items = Vec::new();
                self.skip_space();
                if self.peek() == Some(b']') {
                    self.at += 1;
                    return Ok(Value::Array(items));
                }
                loop {
                    items.push(self.value(depth + 1)?);
                    self.skip_space();
                    match self.peek() {
                        Some(b',') => self.at += 1,
                        Some(b']') => {
                            self.at += 1;
                            return Ok(Value::Array(items));
                        }
                        _ => return self.syntax("expected ',' or ']'"),
                    }
                }
            }
            Some(b'"') => Ok(Value::Str(self.string()?)),
            _ => {
                for (word, value) in [("true", Value::Bool(true)), ("false", Value::Bool(false)), ("null", Value::Null)] {
                    if self.text[self.at..].starts_with(word.as_bytes()) {
                        self.at += word.len();
                        return Ok(value);
                    }
                }
                self.number()
            }
        }
    }
}

fn parse_line(text: &[u8]) -> Result<Value, Refused> {
    let mut parser = Parser { text, at: 0 };
    let value = parser.value(0)?;
    parser.skip_space();
    if parser.at != text.len() {
        return parser.syntax("bytes after the value");
    }
    Ok(value)
}

fn is_unsigned_lexeme(lexeme: &str) -> bool {
    lexeme == "0" || (lexeme.starts_with(|c: char| ('1'..='9').contains(&c)) && lexeme.bytes().all(|b| b.is_ascii_digit()))
}

fn unsigned(value: &Value, what: &str) -> Result<u64, Refused> {
    let Value::Number(lexeme) = value else { return refuse("WRONG_TYPE", format!("{what} must be an integer")) };
    match lexeme.parse::<u64>() {
        Ok(n) if is_unsigned_lexeme(lexeme) => Ok(n),
        _ => refuse("INVALID_INTEGER", format!("{what} must be an unsigned 64-bit integer")),
    }
}

fn closed(obj: &Value, members: &[&str], what: &str) -> Result<(), Refused> {
    let Value::Object(found) = obj else {
        // A frame's entry that is no object is NOT_AN_OBJECT (JRN-ENT-1); a member that should hold an
        // object and holds another type is WRONG_TYPE.
        let code = if what == "entry" { "NOT_AN_OBJECT" } else { "WRONG_TYPE" };
        return refuse(code, format!("{what} must be an object"));
    };
    for (name, _) in found {
        if !members.contains(&name.as_str()) {
            let code = if what == "metadata" && name == "at" { "RETIRED_MEMBER" } else { "UNKNOWN_MEMBER" };
            return refuse(code, format!("{what} has a member {name:?} it may not have"));
        }
    }
    for name in members {
        if obj.get(name).is_none() {
            return refuse("MISSING_MEMBER", format!("{what} lacks {name:?}"));
        }
    }
    Ok(())
}

fn optional_text(value: &Value, what: &str) -> Result<(), Refused> {
    match value {
        Value::Null => Ok(()),
        Value::Str(s) if s.len() > FIELD_LIMIT => refuse("FIELD_TOO_LONG", format!("{what} is longer than 1,024 bytes")),
        Value::Str(_) => Ok(()),
        _ => refuse("WRONG_TYPE", format!("{what} must be a string or null")),
    }
}

/// R-J7: ids starting `harmos:` are facts of three shapes, each a Record of byte values.
fn check_reserved(entry: &Value) -> Result<(), Refused> {
    let Value::Str(id) = entry.member("id") else { return Ok(()) };
    if !id.starts_with("harmos:") {
        return Ok(());
    }
    let mut shape_ok = false;
    for prefix in ["harmos:work/", "harmos:sidecar/", "harmos:guest/"] {
        if let Some(rest) = id.strip_prefix(prefix) {
            if let Some((owner, name)) = rest.split_once('/') {
                let owner_ok = prefix != "harmos:sidecar/"
                    || (owner.starts_with(|c: char| c.is_ascii_lowercase())
                        && owner.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'.' || b == b'-'));
                shape_ok = !owner.is_empty() && !name.is_empty() && owner_ok;
            }
        }
    }
    if !shape_ok {
        return refuse("RESERVED_NAMESPACE", format!("{id:?} is a reserved id of no known shape"));
    }
    if entry.member("kind") != &Value::Str("Record".into()) {
        return refuse("RESERVED_KIND", "a reserved fact is a Record");
    }
    let is_byte = |b: &Value| matches!(b, Value::Number(l) if is_unsigned_lexeme(l) && l.parse::<u16>().is_ok_and(|n| n <= 255));
    match entry.member("payload") {
        Value::Array(items) if items.iter().all(is_byte) => Ok(()),
        _ => refuse("RESERVED_PAYLOAD", "a reserved fact's payload is an array of bytes"),
    }
}

/// One entry and its metadata (JRN-ENT-1..3, JRN-MD-1, R-J5); returns its position.
fn check_entry(entry: &Value) -> Result<u64, Refused> {
    closed(entry, &ENTRY_MEMBERS, "entry")?;
    let position = unsigned(entry.member("position"), "position")?;
    if position < 1 {
        return refuse("INVALID_POSITION", "positions start at 1");
    }
    match entry.member("kind") {
        Value::Str(k) if k == "Transaction" || k == "Record" => {}
        Value::Str(_) => return refuse("INVALID_KIND", "kind must be Transaction or Record"),
        _ => return refuse("WRONG_TYPE", "kind must be a string"),
    }
    match entry.member("id") {
        Value::Str(id) if id.is_empty() => return refuse("EMPTY_ID", "id may not be empty"),
        Value::Str(_) => {}
        _ => return refuse("WRONG_TYPE", "id must be a string"),
    }
    unsigned(entry.member("version"), "version")?;
    let meta = entry.member("metadata");
    closed(meta, &METADATA_MEMBERS, "metadata")?;
    optional_text(meta.member("principal"), "principal")?;
    let correlation = unsigned(meta.member("correlation"), "correlation")?;
    if !(1..=position).contains(&correlation) {
        return refuse("INVALID_CORRELATION", "correlation must lie in [1, position]");
    }
    if meta.member("causation") != &Value::Null && !(1..position).contains(&unsigned(meta.member("causation"), "causation")?) {
        return refuse("INVALID_CAUSATION", "causation must lie in [1, position)");
    }
    optional_text(meta.member("request"), "request")?;
    match meta.member("link") {
        Value::Null => {}
        Value::Object(members) => {
            if members.iter().any(|(k, _)| k != "UndoOf" && k != "RedoOf") {
                return refuse("UNKNOWN_MEMBER", "a link names UndoOf or RedoOf only");
            }
            if members.len() != 1 {
                return refuse("INVALID_LINK", "a link has exactly one of UndoOf and RedoOf");
            }
            if !(1..position).contains(&unsigned(&members[0].1, "link target")?) {
                return refuse("INVALID_LINK", "a link target must lie in [1, position)");
            }
        }
        // Another JSON type holds a type it may not hold; INVALID_LINK is for an object link.
        _ => return refuse("WRONG_TYPE", "a link is null or an object"),
    }
    match meta.member("at_us") {
        Value::Number(l) => {
            let digits = l.strip_prefix('-').unwrap_or(l);
            if !is_unsigned_lexeme(digits) || l == "-0" || l.parse::<i64>().is_err() {
                return refuse("INVALID_INTEGER", "at_us must be a signed 64-bit integer");
            }
        }
        _ => return refuse("WRONG_TYPE", "at_us must be an integer"),
    }
    check_reserved(entry)?;
    Ok(position)
}

/// Writes a string with the minimal escapes: `"`, `\` and U+0000–U+001F only.
fn write_string(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

/// The compact form of a value: no whitespace, lexemes kept, minimal escapes (R-J6, R-J8).
fn compact(value: &Value, out: &mut String) {
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(l) => out.push_str(l),
        Value::Str(s) => write_string(s, out),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                compact(item, out);
            }
            out.push(']');
        }
        Value::Object(members) => {
            out.push('{');
            for (i, (k, v)) in members.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_string(k, out);
                out.push(':');
                compact(v, out);
            }
            out.push('}');
        }
    }
}

fn compact_len(value: &Value) -> usize {
    let mut out = String::new();
    compact(value, &mut out);
    out.len()
}

/// A group frame (R-J6): returns its entries.
fn check_group(frame: &Value, line_bytes: usize) -> Result<&Vec<Value>, Refused> {
    if line_bytes > FRAME_LIMIT {
        return refuse("FRAME_TOO_LARGE", "a frame line is at most 8 MiB");
    }
    closed(frame, &["group", "first", "frontier", "entries"], "group frame")?;
    if !matches!(frame.member("group"), Value::Number(_)) {
        return refuse("WRONG_TYPE", "group must be an integer");
    }
    if frame.member("group") != &Value::Number("1".into()) {
        return refuse("UNSUPPORTED_GROUP_VERSION", "group must be 1");
    }
    let first = unsigned(frame.member("first"), "first")?;
    let frontier = unsigned(frame.member("frontier"), "frontier")?;
    let Value::Array(entries) = frame.member("entries") else { return refuse("WRONG_TYPE", "entries must be an array") };
    if entries.is_empty() {
        return refuse("EMPTY_GROUP", "a group holds at least its transaction");
    }
    if entries.len() > MAX_RECORDS + 1 {
        return refuse("GROUP_TOO_LARGE", "a group holds at most 256 records");
    }
    let mut previous = 0;
    for (index, entry) in entries.iter().enumerate() {
        let position = check_entry(entry)?;
        if (entry.member("kind") == &Value::Str("Transaction".into())) != (index == 0) {
            return refuse("GROUP_SHAPE", "a group is one Transaction followed by Records");
        }
        if index > 0 {
            if position != previous + 1 {
                let code = if position > previous { "POSITION_GAP" } else { "POSITION_NOT_ASCENDING" };
                return refuse(code, "positions inside a group are contiguous");
            }
            let (tm, rm) = (entries[0].member("metadata"), entry.member("metadata"));
            let same = |name: &str| rm.member(name) == tm.member(name);
            if !same("principal") || !same("correlation") || !same("at_us")
                || rm.member("causation") != entries[0].member("position")
                || rm.member("request") != &Value::Null || rm.member("link") != &Value::Null
            {
                return refuse("RECORD_METADATA_MISMATCH", "a record repeats its transaction's witness");
            }
        }
        previous = position;
    }
    if entries.iter().map(|e| compact_len(e.member("payload"))).sum::<usize>() > PAYLOAD_BUDGET {
        return refuse("PAYLOAD_BUDGET_EXCEEDED", "a group's payloads exceed 4 MiB");
    }
    if first != unsigned(entries[0].member("position"), "position")? || frontier != previous {
        return refuse("FRAME_BOUNDS", "first and frontier must match the entries");
    }
    Ok(entries)
}

/// The line-level rules of R-J1, in the order JRN-ORD-1 gives: CR, blank, UTF-8.
fn check_line_bytes(raw: &[u8], number: usize) -> Result<(), Refused> {
    if raw.contains(&b'\r') {
        return refuse("CARRIAGE_RETURN", format!("line {number} holds a CR"));
    }
    if raw.iter().all(|&b| b == b' ' || b == b'\t') {
        return refuse("BLANK_LINE", format!("line {number} is blank"));
    }
    if std::str::from_utf8(raw).is_err() {
        return refuse("JSON_INVALID_UTF8", format!("line {number} is not UTF-8"));
    }
    Ok(())
}

fn check_header(value: &Value) -> Result<(u64, String, u64), Refused> {
    if !matches!(value, Value::Object(_)) {
        return refuse("NOT_AN_OBJECT", "the header is not an object");
    }
    // The schema is judged first: a file of another version is refused for its version (JRN-HDR-1).
    if let Some(schema) = value.get("schema") {
        match unsigned(schema, "schema")? {
            1 => return refuse("RETIRED_SCHEMA", "schema 1 is retired"),
            2 | 3 => {}
            other => return refuse("UNSUPPORTED_SCHEMA", format!("schema {other} is not supported")),
        }
    }
    closed(value, &["schema", "generation", "origin"], "header")?;
    unsigned(value.member("generation"), "generation")?;
    let origin = unsigned(value.member("origin"), "origin")?;
    let Value::Number(generation) = value.member("generation") else { unreachable!("checked above") };
    Ok((unsigned(value.member("schema"), "schema")?, generation.clone(), origin))
}

/// Reads a journal file (spec/journal): the observation of spec/protocol as JSON text, or why not.
fn read_journal(data: &[u8]) -> Result<String, Refused> {
    if data.is_empty() {
        return refuse("EMPTY_FILE", "the file is empty");
    }
    // The byte-order mark is decided by the first three bytes, the missing LF only at the end of the
    // file: the mark comes first in file order (JRN-ORD-1).
    if data.starts_with(b"\xef\xbb\xbf") {
        return refuse("JSON_BOM", "the file starts with a byte-order mark");
    }
    let Some(last_lf) = data.iter().rposition(|&b| b == b'\n') else {
        return refuse("UNTERMINATED_HEADER", "the header line must end with LF");
    };
    let mut lines: Vec<&[u8]> = data[..last_lf].split(|&b| b == b'\n').collect();
    let mut tail = &data[last_lf + 1..];
    check_line_bytes(lines[0], 1)?;
    let (schema, generation, origin) = check_header(&parse_line(lines[0])?)?;
    // In version 3 the bytes after the last LF are a torn tail (R-J3); in version 2 they are a line.
    if schema == 2 && !tail.is_empty() {
        lines.push(tail);
        tail = &[];
    }
    let mut kept: Vec<Value> = Vec::new();
    let mut expected: Option<u64> = None;
    for (i, raw) in lines.iter().enumerate().skip(1) {
        let number = i + 1;
        check_line_bytes(raw, number)?;
        let value = match parse_line(raw) {
            Ok(value) => value,
            Err(e) if schema == 2 && i == lines.len() - 1 && !data.ends_with(b"\n") && e.code == "JSON_SYNTAX" => {
                return refuse("UNTERMINATED_V2_LINE", "the last v2 line is cut off")
            }
            Err(e) => return Err(e),
        };
        if !matches!(value, Value::Object(_)) {
            return refuse("NOT_AN_OBJECT", format!("line {number} is not an object"));
        }
        let line_entries: Vec<Value> = if value.get("group").is_some() {
            if schema == 2 {
                return refuse("GROUP_IN_V2", "a version 2 file holds no group frames");
            }
            check_group(&value, raw.len())?.clone()
        } else {
            check_entry(&value)?;
            vec![value]
        };
        let position = |e: &Value| unsigned(e.member("position"), "position");
        let first = position(&line_entries[0])?;
        let last = position(&line_entries[line_entries.len() - 1])?;
        let out_of_order = match expected {
            None => first > origin.saturating_add(1),
            Some(next) => first != next,
        };
        if out_of_order {
            let code = if expected.map_or(true, |next| first > next) { "POSITION_GAP" } else { "POSITION_NOT_ASCENDING" };
            return refuse(code, format!("line {number} breaks the position order"));
        }
        if first <= origin && origin < last {
            return refuse("ORIGIN_INSIDE_GROUP", "origin falls inside a group");
        }
        expected = Some(last + 1);
        for entry in line_entries {
            if position(&entry)? > origin {
                kept.push(entry);
            }
        }
    }
    let frontier = expected.map_or(origin, |next| (next - 1).max(origin));
    let mut out = format!(
        "{{\"schema\":{schema},\"generation\":{generation},\"origin\":{origin},\"frontier\":{frontier},\"tornTailBytes\":{},\"entries\":[",
        tail.len()
    );
    for (i, entry) in kept.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push('{');
        for (j, name) in ENTRY_MEMBERS.iter().enumerate() {
            if j > 0 {
                out.push(',');
            }
            out.push_str(&format!("\"{name}\":"));
            if *name == "metadata" {
                // Canonical member order, whatever order the file used (R-J8).
                let canonical = METADATA_MEMBERS.iter().map(|k| (k.to_string(), entry.member("metadata").member(k).clone())).collect();
                compact(&Value::Object(canonical), &mut out);
            } else {
                compact(entry.member(name), &mut out);
            }
        }
        out.push('}');
    }
    out.push_str("]}");
    Ok(out)
}

/// One case's answer.
enum Outcome {
    Accept(String),
    Reject(Refused),
    Skip(String),
}

fn run(op: &str, path: &str) -> io::Result<Outcome> {
    if op != "journal.read" {
        return Ok(Outcome::Skip("this starter serves journal.read only".into()));
    }
    let data = std::fs::read(path)?;
    Ok(match read_journal(&data) {
        Ok(observation) => Outcome::Accept(observation),
        Err(refusal) => Outcome::Reject(refusal),
    })
}

/// Exec mode (v1.1): exit 0 with the observation, or print `code: <CODE>` first and exit 1.
fn run_exec(op: &str, path: &str) -> ExitCode {
    let mut stdout = io::stdout().lock();
    let written = match run(op, path) {
        Ok(Outcome::Accept(observation)) => writeln!(stdout, "{observation}").map(|_| 0),
        Ok(Outcome::Reject(r)) => writeln!(stdout, "code: {}\n{}", r.code, r.message).map(|_| 1),
        Ok(Outcome::Skip(reason)) => writeln!(stdout, "{reason}").map(|_| 4),
        Err(e) => {
            // Not a verdict: status 3 is outside the contract, so formcert scores errored:crash.
            eprintln!("journal-starter: cannot read {path}: {e}");
            Ok(3)
        }
    };
    ExitCode::from(written.unwrap_or(3))
}

/// A JSON string literal for a reply line.
fn quoted(s: &str) -> String {
    let mut out = String::new();
    write_string(s, &mut out);
    out
}

/// Persistent mode: one JSON request per stdin line, one JSON reply per stdout line. The runner's
/// requests are simple, so they are read with the same strict parser.
fn run_persistent() -> ExitCode {
    let stdin = io::stdin();
    let mut stdout = io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { return ExitCode::from(2) };
        let Ok(request) = parse_line(line.as_bytes()) else { return ExitCode::from(2) };
        let text = |name: &str| match request.member(name) {
            Value::Str(s) => s.clone(),
            _ => String::new(),
        };
        let reply = match text("cmd").as_str() {
            "start" => r#"{"protocol":1,"implementation":{"name":"journal-starter-rust","version":"1.0.0","language":"rust"},"ops":{"journal.read":{"observe":true}}}"#.to_string(),
            "run" => {
                let Value::Number(seq) = request.member("seq") else { return ExitCode::from(2) };
                match run(&text("op"), &text("input")) {
                    Ok(Outcome::Accept(observation)) => format!(r#"{{"seq":{seq},"accept":true,"observation":{observation}}}"#),
                    Ok(Outcome::Reject(r)) => format!(r#"{{"seq":{seq},"accept":false,"code":"{}","message":{}}}"#, r.code, quoted(&r.message)),
                    Ok(Outcome::Skip(reason)) => format!(r#"{{"seq":{seq},"skipped":{}}}"#, quoted(&reason)),
                    Err(e) => format!(r#"{{"seq":{seq},"errored":{}}}"#, quoted(&e.to_string())),
                }
            }
            _ => return ExitCode::SUCCESS, // stop
        };
        if writeln!(stdout, "{reply}").and_then(|_| stdout.flush()).is_err() {
            return ExitCode::from(2);
        }
    }
    ExitCode::SUCCESS
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.as_slice() {
        [flag] if flag == "--persistent" => run_persistent(),
        [op, input] => run_exec(op, input),
        _ => {
            eprintln!("usage: journal-starter (journal.read <input> | --persistent)");
            ExitCode::from(2)
        }
    }
}
