/**
 * Stage 2 of the reader ("check the sequence"): one header first, sections in order
 * header → f* → e* → x* → eof, dense `i` in f and e, nothing after eof (CG-SEQ-1..4).
 */
import { OK } from '../shared/errors.ts';
import type { CheckContext, Checked } from './check-context.ts';
import { SECTION } from './constants.ts';
import type { ModelState } from './model-state.ts';
import type { ModelRecord } from './records.ts';

const SECTION_OF = { header: SECTION.HEADER, f: SECTION.FILES, e: SECTION.ENTITIES, x: SECTION.EDGES, eof: SECTION.EOF } as const;

/** Stage 2: checks where this record stands in the file and advances the section. */
export function checkSequence(rec: ModelRecord, state: ModelState, ctx: CheckContext): Checked {
  const section = SECTION_OF[rec.type];
  // CG-SEQ-4: nothing but blank lines after eof.
  if (state.section === SECTION.EOF) return ctx.refusal('EOF_NOT_LAST', 'a record follows the eof record', { member: 't' });
  // CG-SEQ-1: the header comes first, once.
  if (state.section === SECTION.NONE && section !== SECTION.HEADER) {
    return ctx.refusal('HEADER_MISSING', 'the first record is not the header', { member: 't' });
  }
  if (section === SECTION.HEADER && state.section !== SECTION.NONE) return ctx.refusal('HEADER_DUPLICATE', 'a second header', { member: 't' });
  // CG-SEQ-2: sections never go back.
  if (section < state.section) return ctx.refusal('SECTION_ORDER', `a ${rec.type} record after a later section`, { member: 't' });
  state.section = section;
  // CG-SEQ-3: f and e records are numbered 0, 1, 2, … in file order.
  if (rec.type === 'f') {
    if (rec.i !== state.fileCount) {
      return ctx.refusal('RECORD_INDEX_NOT_DENSE', `f record i is ${rec.i}, expected ${state.fileCount}`, { pointer: '/i', member: 'i' });
    }
  } else if (rec.type === 'e') {
    if (rec.i !== state.entityCount) {
      return ctx.refusal('RECORD_INDEX_NOT_DENSE', `e record i is ${rec.i}, expected ${state.entityCount}`, { pointer: '/i', member: 'i' });
    }
  }
  return OK;
}
