/**
 * The MORPH IR is the shared strict-JSON value model itself (`JsonValue`): numbers keep their
 * lexeme, objects are Maps in display order. A thin alias rather than a wrapper, so every JSON
 * helper of src/shared/json applies to it unchanged. The input kind travels beside it.
 */
import type { JsonValue } from '../../shared/json/value.ts';
import type { InputKind } from '../constants.ts';

/** A MORPH IR value (morph-ir/1). */
export type Ir = JsonValue;

/** An IR together with the kind of input it was built from. */
export interface IrInput {
  readonly ir: Ir;
  readonly inputKind: InputKind;
}
