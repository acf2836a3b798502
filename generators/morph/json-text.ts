/** Arbitrary JSON texts: a generated IR written with its lexemes, optionally surrounded by whitespace. */
import fc from 'fast-check';
import { writeJson } from '../../src/shared/json/write-value.ts';
import type { Ir } from '../../src/morph/ir/types.ts';
import { jsonTextIr, type JsonTextIrOptions } from './json-text-ir.ts';

/** A JSON text and the IR it denotes (whitespace around the value is allowed by R-M11a). */
export function jsonText(options: JsonTextIrOptions = {}): fc.Arbitrary<{ text: string; ir: Ir }> {
  const ws = fc.constantFrom('', ' ', '\n', '\t', '\r\n ');
  return fc.tuple(ws, jsonTextIr(options), ws).map(([a, ir, b]) => ({ text: `${a}${writeJson(ir)}${b}`, ir }));
}
