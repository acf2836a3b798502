/**
 * morph-source-map/1 for the json-compact encoding (seed 001, R-M16): the compact text of a value and,
 * for every node in pre-order, the half-open UTF-16 spans of its key (object members) and its value.
 */
import { writeString } from '../../shared/json/write-value.ts';
import { appendPointer } from '../../shared/json/pointer.ts';
import { JsonNumber, type JsonValue } from '../../shared/json/value.ts';
import { SOURCE_MAP } from '../bundle/constants.ts';
import type { Ir } from '../ir/types.ts';

/** One span: `[start, end)` in UTF-16 code units of `text`. */
export interface SourceSpan {
  readonly start: number;
  readonly end: number;
  readonly unit: typeof SOURCE_MAP.OFFSET_UNIT;
  readonly role: 'key' | 'value';
}

/** The spans of one node: an object member's key span first, then its value span (R-M16). */
export interface SourceMapEntry {
  readonly pointer: string;
  readonly spans: readonly SourceSpan[];
}

/** A compact JSON source map (seed 001). Not part of any artifact. */
export interface CompactJsonSourceMap {
  readonly format: typeof SOURCE_MAP.FORMAT;
  readonly encoding: typeof SOURCE_MAP.ENCODING;
  readonly offsetUnit: typeof SOURCE_MAP.OFFSET_UNIT;
  readonly text: string;
  readonly entries: readonly SourceMapEntry[];
}

interface Open {
  readonly spans: SourceSpan[];
}

/** Writes the compact text of `ir` (as the json-compact codec does) and records every node's spans. */
export function buildSourceMap(ir: Ir): CompactJsonSourceMap {
  const parts: string[] = [];
  let length = 0;
  const entries: SourceMapEntry[] = [];
  const emit = (s: string) => {
    parts.push(s);
    length += s.length; // JavaScript string length counts UTF-16 code units: exactly the offset unit.
  };
  const span = (start: number, role: 'key' | 'value'): SourceSpan => ({ start, end: length, unit: SOURCE_MAP.OFFSET_UNIT, role });

  const visit = (value: JsonValue, pointer: string, entry: Open): void => {
    const start = length;
    if (value === null) emit('null');
    else if (value === true) emit('true');
    else if (value === false) emit('false');
    else if (typeof value === 'string') emit(writeString(value));
    else if (value instanceof JsonNumber) emit(value.lexeme);
    else if (Array.isArray(value)) {
      emit('[');
      value.forEach((item, i) => {
        if (i > 0) emit(',');
        const child: Open = { spans: [] };
        entries.push({ pointer: appendPointer(pointer, i), spans: child.spans });
        visit(item, appendPointer(pointer, i), child);
      });
      emit(']');
    } else {
      emit('{');
      let first = true;
      for (const [key, item] of value) {
        if (!first) emit(',');
        first = false;
        const child: Open = { spans: [] };
        const childPointer = appendPointer(pointer, key);
        entries.push({ pointer: childPointer, spans: child.spans });
        const keyStart = length;
        emit(writeString(key));
        child.spans.push(span(keyStart, 'key'));
        emit(':');
        visit(item, childPointer, child);
      }
      emit('}');
    }
    entry.spans.push(span(start, 'value'));
  };

  const root: Open = { spans: [] };
  entries.push({ pointer: '', spans: root.spans });
  visit(ir, '', root);
  return { format: SOURCE_MAP.FORMAT, encoding: SOURCE_MAP.ENCODING, offsetUnit: SOURCE_MAP.OFFSET_UNIT, text: parts.join(''), entries };
}
