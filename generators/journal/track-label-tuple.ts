/** Arbitrary track tuples (R-J10): labels are non-empty and free of C0, DEL and C1 controls; astral characters included. */
import fc from 'fast-check';

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/gu;

/** One valid label. */
export function trackLabel(): fc.Arbitrary<string> {
  return fc
    .string({
      unit: fc.oneof(fc.constantFrom('a', 'b', 'run_7', 'run_70', '_', '\u00a0', '\u00ff', '\uffff', '😀'), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })),
      minLength: 1,
      maxLength: 4,
    })
    .map((s) => s.replace(CONTROL, ''))
    .filter((s) => s.length > 0);
}

/** A tuple of up to `maxLength` valid labels (the empty tuple included). */
export function trackLabelTuple(maxLength = 4): fc.Arbitrary<string[]> {
  return fc.array(trackLabel(), { maxLength });
}
