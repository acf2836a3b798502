/** Builds an IR from a JavaScript value (inputKind `js-value`, R-M3), without recursion. */
import { fail, ok, type Result } from '../../shared/errors.ts';
import { appendPointer } from '../../shared/json/pointer.ts';
import { JsonNumber, type JsonValue } from '../../shared/json/value.ts';
import { LIMITS, MORPH_CODES, RULES } from '../constants.ts';
import type { Ir } from './types.ts';

import { hasLoneSurrogate } from './lone-surrogate.ts';
import { morphError } from '../refusal.ts';

function refuse(pointer: string, message: string, requirement: string = RULES.JS_VALUE): Result<Ir> {
  return fail(morphError(MORPH_CODES.JS_VALUE_UNSUPPORTED, requirement, message, { pointer }));
}

function isPlainObject(v: object): boolean {
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/**
 * Converts a JS value into an IR. Finite numbers get the lexeme `JSON.stringify(n)`; `-0`, NaN,
 * ±Infinity, undefined, functions, symbols, bigint, non-plain objects (Map, Date, class
 * instances…), accessors, symbol keys and cycles are refused (R-M3), as are strings holding a lone
 * surrogate (R-M3 as read here: such a string has no UTF-8 form). Plain objects keep
 * `Object.keys` order. R-M2 node and depth limits apply.
 */
export function irFromJsValue(value: unknown): Result<Ir> {
  type Frame = { src: unknown; pointer: string; depth: number; assign: (v: JsonValue) => void };
  let root: JsonValue = null;
  let nodes = 0;
  const onPath = new Set<object>();
  // Containers leave the cycle-detection path after their children: exit markers on the stack.
  const stack: Array<Frame | { exit: object }> = [{ src: value, pointer: '', depth: 0, assign: (v) => (root = v) }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    if ('exit' in frame) {
      onPath.delete(frame.exit);
      continue;
    }
    const { src, pointer, depth, assign } = frame;
    nodes++;
    if (nodes > LIMITS.MAX_NODES) {
      return fail(morphError(MORPH_CODES.LIMIT_EXCEEDED, RULES.LIMITS, `more than ${LIMITS.MAX_NODES} nodes`, { pointer }));
    }
    if (src === null || typeof src === 'boolean') {
      assign(src);
    } else if (typeof src === 'string') {
      if (hasLoneSurrogate(src)) return refuse(pointer, 'string holds a lone surrogate', RULES.JS_VALUE_STRINGS);
      assign(src);
    } else if (typeof src === 'number') {
      if (!Number.isFinite(src)) return refuse(pointer, `number ${src} is not finite`);
      if (Object.is(src, -0)) return refuse(pointer, 'negative zero');
      assign(new JsonNumber(JSON.stringify(src)));
    } else if (typeof src === 'object') {
      if (onPath.has(src)) return refuse(pointer, 'cycle');
      const childDepth = depth + 1;
      if (childDepth > LIMITS.MAX_DEPTH) {
        return fail(morphError(MORPH_CODES.LIMIT_EXCEEDED, RULES.LIMITS, `container depth above ${LIMITS.MAX_DEPTH}`, { pointer }));
      }
      if (Array.isArray(src)) {
        // An Array subclass is a non-plain object too (R-M3).
        if (Object.getPrototypeOf(src) !== Array.prototype) return refuse(pointer, 'not a plain array');
        const out: JsonValue[] = new Array(src.length).fill(null);
        assign(out);
        onPath.add(src);
        stack.push({ exit: src });
        for (let i = src.length - 1; i >= 0; i--) {
          if (!(i in src)) return refuse(appendPointer(pointer, i), 'sparse array hole');
          stack.push({ src: src[i], pointer: appendPointer(pointer, i), depth: childDepth, assign: (v) => (out[i] = v) });
        }
      } else {
        if (!isPlainObject(src)) return refuse(pointer, 'not a plain object');
        if (Object.getOwnPropertySymbols(src).length > 0) return refuse(pointer, 'symbol-keyed property');
        const out = new Map<string, JsonValue>();
        assign(out);
        onPath.add(src);
        stack.push({ exit: src });
        const keys = Object.keys(src);
        for (const k of keys) {
          const desc = Object.getOwnPropertyDescriptor(src, k)!;
          if (!('value' in desc)) return refuse(appendPointer(pointer, k), 'accessor property');
          if (hasLoneSurrogate(k)) return refuse(appendPointer(pointer, k), 'key holds a lone surrogate', RULES.JS_VALUE_STRINGS);
          out.set(k, null);
        }
        for (let i = keys.length - 1; i >= 0; i--) {
          const k = keys[i]!;
          stack.push({ src: (src as Record<string, unknown>)[k], pointer: appendPointer(pointer, k), depth: childDepth, assign: (v) => out.set(k, v) });
        }
      }
    } else {
      return refuse(pointer, `a ${typeof src} is not a JSON value`);
    }
  }
  return ok(root);
}
