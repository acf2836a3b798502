/**
 * Hostile codegraph inputs (issue 11 item 8): every place of a file whose size a reader might follow —
 * a string of a member the checks compare or only pass over, a record's members, an unread or a built
 * object, an index list, a Literal, a dictionary, nesting, whitespace, and whole runs of records —
 * filled with hundreds of megabytes of each bulk form. Valid and invalid alike: the reader must answer
 * every one in bounded memory.
 */
import fc from 'fast-check';
import { planInLine, planOfLines, type LinesTemplate, type Template } from './_internals/compose.ts';
import { INDEX, PADDED, type HostilePlan } from './_internals/plan.ts';

const DICT = '{"kinds":["p","q"],"traits":["TMetrics","TNamed","TWithParameters","TWithValue"],"edges":["access"],"provenance":["declared"]}';
const EXTRACTOR = '{"name":"x","version":"1"}';

function header(parts: { lang?: string; root?: string; version?: string; extractor?: string; dict?: string; extra?: string } = {}): string {
  return `{"t":"header","schemaVersion":"${parts.version ?? '1.0.0'}","lang":"${parts.lang ?? 'java'}","extractor":${parts.extractor ?? EXTRACTOR},"root":"${parts.root ?? ''}","dict":${parts.dict ?? DICT}${parts.extra ?? ''}}\n`;
}

const HEADER = header();
/** A module (entity 0) and a member of it (entity 1): the records a bulk in an entity goes around. */
const MODULE = '{"t":"e","i":0,"k":0,"tr":[],"m":0,"s":"a"}\n';
const FILE = '{"t":"f","i":0,"path":"a/A.java"}\n';
const eof = (files: number, entities: number, edges: number): string => `{"t":"eof","counts":{"files":${files},"entities":${entities},"edges":${edges}}}\n`;

/** A file whose entity 1 (a member of module 0, with `tr` and `more` spliced in) takes the bulk. */
function inEntity(tr: string, more: string): string {
  return `${HEADER}${FILE}${MODULE}{"t":"e","i":1,"k":1,"tr":[${tr}],"m":0,"s":"b"${more}}\n{"t":"x","k":0,"f":1,"o":0,"p":0,"anchor":[0,1,1]}\n${eof(1, 2, 1)}`;
}

const IN_LINE: readonly Template[] = [
  // Strings the checks compare or quote (held whole up to their limit), and strings they pass over.
  { place: 'header lang', kind: 'chars', text: header({ lang: '@' }) + eof(0, 0, 0) },
  { place: 'header root', kind: 'chars', text: header({ root: '@' }) + eof(0, 0, 0) },
  { place: 'header schemaVersion', kind: 'chars', text: header({ version: '@' }) + eof(0, 0, 0) },
  { place: 'extractor name', kind: 'chars', text: header({ extractor: '{"name":"@","version":"1"}' }) + eof(0, 0, 0) },
  { place: 'a dictionary entry', kind: 'chars', text: header({ dict: DICT.replace('"q"', '"q@"') }) + eof(0, 0, 0) },
  { place: 'record type', kind: 'chars', text: `${HEADER}{"t":"@","i":0}\n${eof(0, 0, 0)}` },
  { place: 'entity s', kind: 'chars', text: inEntity('', '').replace('"s":"b"', '"s":"b@"') },
  { place: 'entity d', kind: 'chars', text: inEntity('', ',"d":"@"') },
  { place: 'entity name', kind: 'chars', text: inEntity('1', ',"name":"@"') },
  { place: 'entity comment', kind: 'chars', text: inEntity('', ',"comment":"@"') },
  { place: 'an unknown member of an entity', kind: 'chars', text: inEntity('', ',"zz":"@"') },
  { place: 'an unknown member name', kind: 'chars', text: inEntity('', ',"@":0') },
  { place: 'a string deep in an unread object', kind: 'chars', text: inEntity('', ',"zz":{"a":[{"b":"@"}]}') },
  { place: 'a string Literal', kind: 'chars', text: inEntity('3', ',"value":{"k":"string","value":"@"}') },
  { place: 'file path', kind: 'chars', text: `${HEADER}{"t":"f","i":0,"path":"@"}\n${eof(1, 0, 0)}` },
  { place: 'an unknown member of an edge', kind: 'chars', text: inEntity('', '').replace('"anchor":[0,1,1]', '"anchor":[0,1,1],"zz":"@"') },
  // Members: of a record, of an unread object, of a built one, of the header's objects.
  { place: 'header members', kind: 'members', text: header({ extra: ',@' }) + eof(0, 0, 0) },
  { place: 'extractor members', kind: 'members', text: header({ extractor: '{"name":"x","version":"1",@}' }) + eof(0, 0, 0) },
  { place: 'dict members', kind: 'members', text: header({ dict: DICT.replace(/}$/, ',@}') }) + eof(0, 0, 0) },
  { place: 'entity members', kind: 'members', text: inEntity('', ',@') },
  { place: 'members of an unread object', kind: 'members', text: inEntity('', ',"zz":{@}') },
  { place: 'metrics members', kind: 'members', text: inEntity('0', ',"metrics":{@}') },
  { place: 'members of a Literal', kind: 'members', text: inEntity('3', ',"value":{"k":"string","value":"v",@}') },
  { place: 'file members', kind: 'members', text: `${HEADER}{"t":"f","i":0,"path":"p",@}\n${eof(1, 0, 0)}` },
  { place: 'eof counts members', kind: 'members', text: `${HEADER}{"t":"eof","counts":{"files":0,"entities":0,"edges":0,@}}\n` },
  // Items: of index lists, of an unread array, of a Literal array, of a dictionary, of an anchor.
  { place: 'trait indices', kind: 'items', text: inEntity('@', '') },
  { place: 'parameters', kind: 'items', text: inEntity('2', ',"parameters":[@]') },
  { place: 'items of an unread array', kind: 'items', text: inEntity('', ',"zz":[@]') },
  { place: 'items of a Literal array', kind: 'items', text: inEntity('3', ',"value":{"k":"array","items":[@]}') },
  { place: 'a dictionary', kind: 'items', text: header({ dict: DICT.replace('["p","q"]', '["p","q",@]') }) + eof(0, 0, 0) },
  { place: 'an edge anchor', kind: 'items', text: inEntity('', '').replace('"anchor":[0,1,1]', '"anchor":[0,1,1,@]') },
  { place: 'edge arguments', kind: 'items', text: inEntity('', '').replace('"anchor":[0,1,1]', '"anchor":[0,1,1],"arguments":[@]') },
  // Nesting and whitespace.
  { place: 'nesting in an unread member', kind: 'depth', text: inEntity('', ',"zz":@') },
  { place: 'nesting in a Literal', kind: 'depth', text: inEntity('3', ',"value":{"k":"array","items":[@]}') },
  { place: 'whitespace before a value', kind: 'space', text: inEntity('', ',"zz":@0') },
  { place: 'whitespace between lines', kind: 'space', text: `${HEADER}${FILE}@${eof(1, 0, 0)}` },
];

const LINES: readonly LinesTemplate[] = [
  { place: 'modules', line: `{"t":"e","i":${INDEX},"k":0,"tr":[],"m":${INDEX},"s":"m${PADDED}"}\n`, text: (n) => `${HEADER}@${eof(0, n, 0)}` },
  { place: 'members of one module', line: `{"t":"e","i":${INDEX},"k":1,"tr":[],"m":0,"s":"s${PADDED}"}\n`, text: (n) => `${HEADER}@${eof(0, n, 0)}` },
  { place: 'files', line: `{"t":"f","i":${INDEX},"path":"f${PADDED}"}\n`, text: (n) => `${HEADER}@${eof(n, 0, 0)}` },
  { place: 'edges', line: `{"t":"x","k":0,"f":1,"o":0,"p":0,"anchor":[0,${INDEX},${INDEX}]}\n`, text: (n) => `${HEADER}${FILE}${MODULE}{"t":"e","i":1,"k":1,"tr":[],"m":0,"s":"b"}\n@${eof(1, 2, n)}` },
  { place: 'a torn tail after the eof record', line: 'x', text: () => `${HEADER}${eof(0, 0, 0)}@` },
];

/** A hostile codegraph input: a plan of some hundred megabytes (see the file's comment). */
export function hostileCodegraphInput(): fc.Arbitrary<HostilePlan> {
  return fc.oneof({ arbitrary: planInLine(IN_LINE), weight: 4 }, { arbitrary: planOfLines(LINES), weight: 1 });
}
