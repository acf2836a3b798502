/** path-value encoder: one typed record per node, in pre-order (R-M13). */
import { appendPointer } from '../../shared/json/pointer.ts';
import { isJsonArray, isJsonNumber, isJsonObject, type JsonValue } from '../../shared/json/value.ts';
import { writeJson } from '../../shared/json/write-value.ts';
import type { Ir } from '../ir/types.ts';
import { buildCountNode } from './native-layout.ts';

/** The record lines of an IR: objects' members in display order, array items by index, without recursion. */
export function encodePathRecords(ir: Ir): string[] {
  const lines: string[] = [];
  const stack: Array<[string, Ir]> = [['', ir]];
  while (stack.length > 0) {
    const [path, v] = stack.pop()!;
    let record: JsonValue[];
    if (v === null) record = [path, 'null'];
    else if (typeof v === 'boolean') record = [path, 'boolean', v];
    else if (typeof v === 'string') record = [path, 'string', v];
    else if (isJsonNumber(v)) record = [path, 'number', v.lexeme];
    else if (isJsonArray(v)) {
      record = [path, 'array', buildCountNode(v.length)];
      for (let i = v.length - 1; i >= 0; i--) stack.push([appendPointer(path, i), v[i]!]);
    } else if (isJsonObject(v)) {
      record = [path, 'object'];
      const entries = [...v];
      for (let i = entries.length - 1; i >= 0; i--) stack.push([appendPointer(path, entries[i]![0]), entries[i]![1]]);
    } else {
      throw new TypeError('not an IR value');
    }
    lines.push(writeJson(record));
  }
  return lines;
}
