/** The MORPH IR: building it from JSON text or a JS value, and its R-M2 limits. */
export type { Ir, IrInput } from './types.ts';
export { irFromJsonText } from './ir-from-json-text.ts';
export { irFromJsValue } from './ir-from-js-value.ts';
export { measureIr, checkIrLimits } from './measure-ir.ts';
