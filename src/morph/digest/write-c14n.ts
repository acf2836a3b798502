/** The `morph-c14n/1` tagged serialization (seed 001, Semantic canonicalization), without recursion. */
import { isJsonArray, isJsonNumber, isJsonObject } from '../../shared/json/value.ts';
import { compareUtf16, utf8Length } from '../../shared/text.ts';
import { IDS } from '../constants.ts';
import type { Ir } from '../ir/types.ts';

/** Text emitted as is when popped (closers and member keys). */
class Literal {
  constructor(readonly text: string) {}
}

/**
 * Hands the pieces of the canonical text to `emit` in order (preamble first); their concatenation is
 * what is hashed. Members sorted by UTF-16 code unit; every length is a UTF-8 byte count. The pieces are
 * emitted as they are made, so a digest never holds the canonical text (twice the input's size) whole.
 */
export function emitC14nParts(ir: Ir, emit: (part: string) => void): void {
  emit(IDS.C14N_PREAMBLE);
  // A stack of pending values and literal closers, so depth never touches the JS call stack.
  const stack: Array<Ir | Literal> = [ir];
  while (stack.length > 0) {
    const v = stack.pop()!;
    if (v instanceof Literal) emit(v.text);
    else if (v === null) emit('N;');
    else if (v === true) emit('B1;');
    else if (v === false) emit('B0;');
    else if (typeof v === 'string') emit(`S${utf8Length(v)}:${v};`);
    else if (isJsonNumber(v)) emit(`D${utf8Length(v.lexeme)}:${v.lexeme};`);
    else if (isJsonArray(v)) {
      emit(`A${v.length}:[`);
      stack.push(new Literal(']'));
      for (let i = v.length - 1; i >= 0; i--) stack.push(v[i]!);
    } else if (isJsonObject(v)) {
      emit(`O${v.size}:{`);
      stack.push(new Literal('}'));
      const keys = [...v.keys()].sort(compareUtf16);
      for (let i = keys.length - 1; i >= 0; i--) {
        const k = keys[i]!;
        stack.push(v.get(k)!);
        stack.push(new Literal(`K${utf8Length(k)}:${k};`));
      }
    } else {
      // Programmer error: only JsonValue trees are IRs (a raw JS number has no lexeme).
      throw new TypeError(`not an IR value: ${typeof v}`);
    }
  }
}

/** The pieces of the canonical text as an array (for tests and diagnostics). */
export function writeC14nParts(ir: Ir): string[] {
  const out: string[] = [];
  emitC14nParts(ir, (part) => out.push(part));
  return out;
}
