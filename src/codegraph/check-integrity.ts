/**
 * Stage 5 of the reader ("check integrity and canonical order"): closure of every reference
 * (CG-INT-1), no self-edge (CG-INT-2), line numbers (CG-INT-5), modules (R-C5), canonical order and
 * uniqueness of files, entities and edges (R-C6), and the eof counts (CG-INT-4).
 *
 * Memory: a reference inside the entity section may point forward, so only the largest one is kept
 * and checked when the section closes; every other reference points into a closed section.
 */
import { fail, formatError, OK, type Result } from '../shared/errors.ts';
import { compareUtf16 } from '../shared/text.ts';
import { compareUInt, type CheckContext, type Checked, type UInt } from './check-context.ts';
import { codeInfo, TRAIT_KEYS } from './constants.ts';
import type { ModelState } from './model-state.ts';
import type { EdgeRecord, EntityRecord, EofRecord, FileRecord, ModelRecord } from './records.ts';
import type { Lite } from './scan-json.ts';

/** Stage 5 for one record. */
export function checkIntegrity(rec: ModelRecord, state: ModelState, ctx: CheckContext): Checked {
  switch (rec.type) {
    case 'f': {
      const r = checkFile(rec, state, ctx);
      state.fileCount++;
      return r;
    }
    case 'e': {
      const r = checkEntity(rec, state, ctx);
      state.entityCount++;
      return r;
    }
    case 'x': {
      const closed = closeEntityRefs(state);
      if (!closed.ok) return closed;
      const r = checkEdge(rec, state, ctx);
      state.edgeCount++;
      return r;
    }
    case 'eof': {
      const closed = closeEntityRefs(state);
      if (!closed.ok) return closed;
      return checkCounts(rec, state, ctx);
    }
    default:
      return OK;
  }
}

function checkFile(rec: FileRecord, state: ModelState, ctx: CheckContext): Checked {
  if (state.prevFilePath !== undefined) {
    // R-C6: files sorted by path (UTF-16 code units), unique.
    const cmp = compareUtf16(state.prevFilePath, rec.path);
    if (cmp > 0) return ctx.refusal('FILE_ORDER', 'file paths are not sorted', { pointer: '/path', member: 'path' });
    if (cmp === 0 && ctx.enforces('DUPLICATE_FILE')) return ctx.refusal('DUPLICATE_FILE', `path ${JSON.stringify(rec.path)} appears twice`, { pointer: '/path', member: 'path' });
  }
  state.prevFilePath = rec.path;
  return OK;
}

function compareDisambiguators(a: string | undefined, b: string | undefined): number {
  if (a === undefined) return b === undefined ? 0 : -1;
  if (b === undefined) return 1;
  return compareUtf16(a, b);
}

function toIndex(v: Lite | undefined, ctx: CheckContext, pointer: string): Result<number> {
  return typeof v === 'number' ? { ok: true, value: v } : ctx.readIndex(v, { pointer });
}

function checkLines(start: UInt, end: UInt, member: string, ctx: CheckContext): Checked {
  // CG-INT-5: line numbers are 1-based and an anchor's start is not after its end.
  if (compareUInt(start, 1) < 0) return ctx.refusal('LINE_RANGE', 'line numbers start at 1', { pointer: `/${member}/1`, member });
  if (compareUInt(start, end) > 0) return ctx.refusal('LINE_RANGE', 'startLine is after endLine', { pointer: `/${member}/2`, member });
  return OK;
}

function noteEntityRef(ref: number, member: string, index: number, pointer: { readonly pointer: string } | undefined, state: ModelState, ctx: CheckContext): void {
  if (ref <= state.maxRef) return;
  state.maxRef = ref;
  state.maxRefLine = ctx.line;
  state.maxRefOffset = ctx.bufferFileOffset + ctx.lineStart;
  state.maxRefMember = member;
  state.maxRefIndex = index;
  state.maxRefPointer = pointer;
}

/** The index a validated ref holds: the scanner's number when it is one (the usual case). */
function refOf(v: Lite | undefined, ctx: CheckContext, pointer: string): number | Result<number> {
  return typeof v === 'number' ? v : toIndex(v, ctx, pointer);
}

function checkEntity(rec: EntityRecord, state: ModelState, ctx: CheckContext): Checked {
  // Closure of file refs (the f section is closed) and noting of entity refs (they may point forward).
  const values = rec.traitValues;
  for (let j = 0; j < values.length; j++) {
    const v = values[j];
    if (v === undefined) continue;
    const { key, shape } = TRAIT_KEYS[j]!;
    if (shape === 'entityRef') {
      const r = refOf(v, ctx, `/${key}`);
      if (typeof r !== 'number' && !r.ok) return r;
      noteEntityRef(typeof r === 'number' ? r : r.value, key, -1, undefined, state, ctx);
    } else if (shape === 'entityRefs') {
      const list = v as Lite[];
      for (let n = 0; n < list.length; n++) {
        const r = refOf(list[n], ctx, `/${key}/${n}`);
        if (typeof r !== 'number' && !r.ok) return r;
        noteEntityRef(typeof r === 'number' ? r : r.value, key, n, undefined, state, ctx);
      }
    } else if (shape === 'fileRefs') {
      const list = v as Lite[];
      for (let n = 0; n < list.length; n++) {
        const r = refOf(list[n], ctx, `/${key}/${n}`);
        if (typeof r !== 'number' && !r.ok) return r;
        if ((typeof r === 'number' ? r : r.value) >= state.fileCount) {
          return ctx.refusal('DANGLING_FILE_REF', 'a file ref names no f record', { pointer: `/${key}/${n}`, member: key });
        }
      }
    } else if (shape === 'anchor') {
      const a = v as Lite[];
      const file = refOf(a[0], ctx, '/anchor/0');
      if (typeof file !== 'number' && !file.ok) return file;
      if ((typeof file === 'number' ? file : file.value) >= state.fileCount) return ctx.refusal('DANGLING_FILE_REF', 'the anchor file names no f record', { pointer: '/anchor/0', member: key });
      const lines = checkAnchorLines(a, key, ctx);
      if (!lines.ok) return lines;
    }
  }
  for (const r of rec.literalRefs) noteEntityRef(r.ref, 'value', -1, r, state, ctx);
  return checkEntityOrder(rec, state, ctx);
}

/** CG-INT-5 on an anchor's `[fileRef, startLine, endLine]` as scanned. */
function checkAnchorLines(a: Lite[], member: string, ctx: CheckContext): Checked {
  const s = a[1];
  const e = a[2];
  if (typeof s === 'number' && typeof e === 'number') return checkLines(s, e, member, ctx);
  const start = ctx.readUInt(s, { pointer: '/anchor/1' });
  if (!start.ok) return start;
  const end = ctx.readUInt(e, { pointer: '/anchor/2' });
  if (!end.ok) return end;
  return checkLines(start.value, end.value, member, ctx);
}

function checkEntityOrder(rec: EntityRecord, state: ModelState, ctx: CheckContext): Checked {
  if (rec.m === rec.i) {
    // R-C5: a module names itself; CG-MOD-2: its path alone identifies it.
    if (rec.d !== undefined && ctx.enforces('MODULE_DISAMBIGUATOR')) return ctx.refusal('MODULE_DISAMBIGUATOR', 'a module entity carries no d', { pointer: '/d', member: 'd' });
    if (state.currentModule >= 0) {
      const cmp = compareUtf16(rec.s, state.currentModulePath);
      // CG-ORD-1 / CG-ORD-2: module paths strictly ascend (two modules with one path are duplicates).
      if (cmp < 0) return ctx.refusal('ENTITY_ORDER', 'module paths are not sorted', { pointer: '/s', member: 's' });
      if (cmp === 0) return ctx.refusal('DUPLICATE_ENTITY', `a second module with path ${JSON.stringify(rec.s)}`, { pointer: '/s', member: 's' });
    }
    state.modules.add(rec.i);
    state.currentModule = rec.i;
    state.currentModulePath = rec.s;
    state.prevWasModule = true;
    return OK;
  }
  // CG-MOD-1 / R-C5: m ≤ i and m names a module.
  if (rec.m > rec.i) return ctx.refusal('MODULE_REF_INVALID', 'm names a later entity (m ≤ i)', { pointer: '/m', member: 'm' });
  if (!state.modules.has(rec.m)) return ctx.refusal('MODULE_REF_INVALID', 'm names an entity that is not a module', { pointer: '/m', member: 'm' });
  // R-C6: members follow their module directly, so m must be the module just opened.
  if (rec.m !== state.currentModule) return ctx.refusal('ENTITY_ORDER', 'an entity of an earlier module after a later module', { pointer: '/m', member: 'm' });
  // CG-ORD-2: a member keyed [P, P] without d collides with its module.
  if (rec.d === undefined && rec.s === state.currentModulePath) {
    return ctx.refusal('DUPLICATE_ENTITY', 'a member shares its module’s natural key', { pointer: '/s', member: 's' });
  }
  // CG-ORD-1 / CG-ORD-2: inside a module, (symbol, d) strictly ascend.
  if (!state.prevWasModule) {
    const cmp = compareUtf16(state.prevSymbol, rec.s) || compareDisambiguators(state.prevDisambiguator, rec.d);
    if (cmp > 0) return ctx.refusal('ENTITY_ORDER', 'entities are not in natural-key order', { pointer: '/s', member: 's' });
    if (cmp === 0) return ctx.refusal('DUPLICATE_ENTITY', 'two entities share (m, s, d)', { pointer: '/s', member: 's' });
  }
  state.prevWasModule = false;
  state.prevSymbol = rec.s;
  state.prevDisambiguator = rec.d;
  return OK;
}

/** Checks the largest forward entity ref once the entity count is known (CG-INT-1). */
function closeEntityRefs(state: ModelState): Checked {
  if (state.maxRef < state.entityCount) return OK;
  const info = codeInfo('DANGLING_ENTITY_REF');
  const pointer = state.maxRefPointer?.pointer ?? (state.maxRefIndex < 0 ? `/${state.maxRefMember}` : `/${state.maxRefMember}/${state.maxRefIndex}`);
  return fail(
    formatError(
      'DANGLING_ENTITY_REF',
      info.requirement,
      `entity ref ${state.maxRef} names no entity (there are ${state.entityCount})`,
      { line: state.maxRefLine, byteOffset: state.maxRefOffset, pointer, member: state.maxRefMember },
      info.profile,
    ),
  );
}

function checkEdge(rec: EdgeRecord, state: ModelState, ctx: CheckContext): Checked {
  // CG-INT-1: the entity section is closed, so every ref is checked against the final count.
  const n = state.entityCount;
  if (rec.f >= n) return ctx.refusal('DANGLING_ENTITY_REF', 'f names no entity', { pointer: '/f', member: 'f' });
  if (rec.o >= n) return ctx.refusal('DANGLING_ENTITY_REF', 'o names no entity', { pointer: '/o', member: 'o' });
  for (const r of rec.literalRefs) {
    if (r.ref >= n) return ctx.refusal('DANGLING_ENTITY_REF', 'a Literal type names no entity', { pointer: r.pointer, member: 'arguments' });
  }
  const [file, start, end] = rec.anchor;
  if (file >= state.fileCount) return ctx.refusal('DANGLING_FILE_REF', 'the anchor file names no f record', { pointer: '/anchor/0', member: 'anchor' });
  if (rec.sourceFile !== undefined && rec.sourceFile >= state.fileCount) {
    return ctx.refusal('DANGLING_FILE_REF', 'sourceFile names no f record', { pointer: '/sourceFile', member: 'sourceFile' });
  }
  // CG-INT-2: no self-reference.
  if (rec.f === rec.o) return ctx.refusal('SELF_EDGE', 'an edge from an entity to itself', { pointer: '/o', member: 'o' });
  const lines = checkLines(start, end, 'anchor', ctx);
  if (!lines.ok) return lines;
  const prev = state.prevEdge;
  if (prev !== undefined) {
    // R-C6: edges sorted by f, o, k, anchor file, start, end, p; equal keys allowed.
    const cmp =
      prev.f - rec.f ||
      prev.o - rec.o ||
      prev.k - rec.k ||
      prev.file - file ||
      compareUInt(prev.start, start) ||
      compareUInt(prev.end, end) ||
      prev.p - rec.p;
    if (cmp > 0) return ctx.refusal('EDGE_ORDER', 'edges are not in canonical order', {});
    prev.f = rec.f;
    prev.o = rec.o;
    prev.k = rec.k;
    prev.file = file;
    prev.start = start;
    prev.end = end;
    prev.p = rec.p;
  } else {
    state.prevEdge = { f: rec.f, o: rec.o, k: rec.k, file, start, end, p: rec.p };
  }
  return OK;
}

function checkCounts(rec: EofRecord, state: ModelState, ctx: CheckContext): Checked {
  const pairs: [string, UInt, number][] = [
    ['files', rec.files, state.fileCount],
    ['entities', rec.entities, state.entityCount],
    ['edges', rec.edges, state.edgeCount],
  ];
  // CG-INT-4: the counts make truncation and loss detectable.
  for (const [name, stated, actual] of pairs) {
    if (compareUInt(stated, actual) !== 0) {
      return ctx.refusal('EOF_COUNT_MISMATCH', `eof states ${stated} ${name}, the file holds ${actual}`, { pointer: `/counts/${name}`, member: name });
    }
  }
  return OK;
}
