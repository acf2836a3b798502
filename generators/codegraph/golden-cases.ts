/**
 * Golden cases for codegraph (`codegraph.read`): hand-written recipes for the edge cases of every
 * requirement (accepted and refused), every mutator applied to a small base model, and seeded
 * generated and mutated models. Deterministic: fixed seeds only. Expectations come from the rules
 * (a recipe's construction, a mutator's declaration), never from running the reader.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { writeModel } from '../../src/codegraph/write-model.ts';
import { codeInfo, COMPARED_STRING_MAX_BYTES, READ_OBSERVATION_MAX_BYTES, READER_LIMITS } from '../../src/codegraph/constants.ts';
import type { Profile } from '../../src/shared/errors.ts';
import { fromPlain, type JsonObject } from '../../src/shared/json/value.ts';
import type { CaseSpec } from '../../src/shared/vectors.ts';
import { loadEditCases } from '../edit-cases.ts';
import { codegraphModelFile } from './codegraph-model-file.ts';
import { MODEL_MUTATORS } from './model-mutators.ts';

const OP = 'codegraph.read' as const;

/** The fast-check seed of the generated and mutated cases. */
export const GOLDEN_SEED = 4004;

/** A small model exercising most features: two modules, members with and without d, stubs, literals. */
const BASE_GRAPH = {
  schemaVersion: '1.0.0',
  lang: 'java',
  extractor: { name: 'codegraph-spoon', version: '0.2.0', noClasspath: true },
  root: 'src',
  files: ['com/acme/A.java', 'com/acme/B.java'],
  entities: [
    { key: ['com.acme', 'com.acme', null], kind: 'package', traits: ['TModule'], attrs: { definedIn: ['com/acme/A.java', 'com/acme/B.java'] } },
    { key: ['com.acme', 'A', null], kind: 'class', traits: ['TChildOf', 'TNamed', 'TSourceAnchor', 'TType'], attrs: { parent: ['com.acme', 'com.acme', null], name: 'A', anchor: ['com/acme/A.java', 1, 40], typeParameters: [] } },
    { key: ['com.acme', 'A.f(int)', null], kind: 'method', traits: ['TChildOf', 'TInvocable', 'TMetrics', 'TSourceAnchor', 'TWithLocalVariables', 'TWithParameters'], attrs: { parent: ['com.acme', 'A', null], signature: 'f(int)', metrics: { cyclomatic: 2, sloc: 7 }, anchor: ['com/acme/A.java', 3, 9], parameters: [['com.acme', 'A.f(int)#n', null]], localVariables: [] } },
    { key: ['com.acme', 'A.f(int)#n', null], kind: 'parameter', traits: ['TChildOf', 'TNamed', 'TTypedEntity'], attrs: { parent: ['com.acme', 'A.f(int)', null], name: 'n', declaredType: ['java.lang', 'Integer', null] } },
    { key: ['com.acme', 'B', null], kind: 'class', traits: ['TChildOf', 'TComment', 'TNamed', 'TWithValue'], attrs: { parent: ['com.acme', 'com.acme', null], comment: 'Größe 😀', name: 'B', value: { k: 'annotation', type: ['java.lang', 'Deprecated', null], arguments: [{ name: 'since', value: { k: 'string', value: '1.2' } }] } } },
    { key: ['com.acme', 'B', '1'], kind: 'class', traits: ['TNamed'], attrs: { name: 'B' } },
    { key: ['java.lang', 'java.lang', null], kind: 'package', traits: ['TModule'], attrs: { definedIn: [] } },
    { key: ['java.lang', 'Deprecated', null], kind: 'annotation', traits: [], attrs: {} },
    { key: ['java.lang', 'Integer', null], kind: 'class', traits: [], attrs: {} },
  ],
  edges: [
    { kind: 'invocation', from: ['com.acme', 'A.f(int)', null], to: ['com.acme', 'B', null], provenance: 'declared', anchor: ['com/acme/A.java', 5, 5], sourceFile: 'com/acme/A.java' },
    { kind: 'annotationUse', from: ['com.acme', 'B', null], to: ['java.lang', 'Deprecated', null], provenance: 'declared', anchor: ['com/acme/B.java', 2, 2], arguments: [{ name: 'since', value: { k: 'array', items: [{ k: 'enum', type: ['java.lang', 'Integer', null], name: 'MAX' }, { k: 'class', type: ['com.acme', 'A', null] }, { k: 'null' }, { k: 'boolean', value: true }, { k: 'number', value: 3 }] } }] },
    { kind: 'reference', from: ['com.acme', 'A.f(int)#n', null], to: ['java.lang', 'Integer', null], provenance: 'derived', anchor: ['com/acme/A.java', 3, 3] },
  ],
};

/** The base model's canonical text (written by the reference writer). */
export const BASE_MODEL = writeModel(fromPlain(BASE_GRAPH) as JsonObject);

const HEADER = (dict: Record<string, string[]>, extra = '') =>
  `{"t":"header","schemaVersion":"1.0.0","lang":"java","extractor":{"name":"x","version":"1"},"root":""${extra},"dict":${JSON.stringify({ kinds: [], traits: [], edges: [], provenance: [], ...dict })}}`;
const EOF = (files: number, entities: number, edges: number) => `{"t":"eof","counts":{"files":${files},"entities":${entities},"edges":${edges}}}`;
const lines = (...ls: string[]) => ls.join('\n') + '\n';

/** A model of exactly READ_OBSERVATION_MAX_BYTES: one entity padded by a member no check reads. */
function exactly8MiB(): string {
  const head = `${HEADER({ kinds: ['p'] })}\n{"t":"e","i":0,"k":0,"tr":[],"m":0,"s":"a","zz":"`;
  const tail = `"}\n${EOF(0, 1, 0)}\n`;
  return head + 'a'.repeat(READ_OBSERVATION_MAX_BYTES - head.length - tail.length) + tail;
}

function accept(name: string, requirements: string[], input: string | Uint8Array, note: string, profile: Profile = 'core'): CaseSpec {
  return { name, op: OP, profile, requirements, input, expect: { verdict: 'accept' }, note };
}
function reject(name: string, code: Parameters<typeof codeInfo>[0], input: string | Uint8Array, note: string, requirements: string[] = []): CaseSpec {
  const info = codeInfo(code);
  const reqs = [...new Set([...requirements, info.requirement])];
  return { name, op: OP, profile: info.profile, requirements: reqs, input, expect: { verdict: 'reject', code }, note };
}

/** Two modules whose paths order differently by UTF-16 unit (😀 = D83D…) and by code point (U+FF61). */
function twoModules(first: string, second: string): string {
  return lines(
    HEADER({ kinds: ['package'], traits: [] }),
    `{"t":"e","i":0,"k":0,"tr":[],"m":0,"s":"${first}"}`,
    `{"t":"e","i":1,"k":0,"tr":[],"m":1,"s":"${second}"}`,
    EOF(0, 2, 0),
  );
}

function recipes(): CaseSpec[] {
  const base = BASE_MODEL;
  const baseLines = base.trimEnd().split('\n');
  const out: CaseSpec[] = [
    accept('base-model', ['CG-FILE-1', 'CG-HDR-1', 'CG-REC-2', 'CG-TRAIT-1', 'CG-INT-1', 'CG-INT-2', 'CG-INT-3', 'CG-MOD-1', 'R-C5', 'CG-ORD-1', 'CG-ORD-4', 'R-C7', 'R-C8', 'CG-WRITE-1'], base, 'a canonical model written by the reference writer'),
    accept('minimal-model', ['CG-SEQ-1', 'CG-SEQ-2', 'CG-SEQ-4', 'CG-INT-4'], lines(HEADER({}), EOF(0, 0, 0)), 'header and eof alone: every other section may be empty'),
    accept('files-only', ['CG-SEQ-2', 'CG-SEQ-3', 'CG-ORD-3'], lines(HEADER({}), '{"t":"f","i":0,"path":"a"}', '{"t":"f","i":1,"path":"b"}', EOF(2, 0, 0)), 'files without entities'),
    accept('blank-lines-everywhere', ['CG-SEQ-5', 'R-C1'], ['', ' ', ...baseLines.slice(0, 3), '\t', ...baseLines.slice(3), '', ' \t '].join('\n'), 'empty and space/tab lines anywhere, even after eof and unterminated at the end', 'strict'),
    accept('member-order-free', ['R-C1', 'CG-REC-1'], lines(`{"dict":{"provenance":[],"edges":[],"traits":[],"kinds":[]},"root":"","extractor":{"version":"1","name":"x"},"lang":"java","schemaVersion":"1.0.0","t":"header"}`, '{"path":"a","i":0,"t":"f"}', '{"counts":{"edges":0,"entities":0,"files":1},"t":"eof"}'), 't need not come first; members in any order', 'strict'),
    accept('whitespace-between-tokens', ['CG-FILE-1'], lines(HEADER({}), ' { "t" :\t"f" , "i" : 0 , "path" : "a" } ', EOF(1, 0, 0)), 'spaces and tabs between tokens are JSON whitespace'),
    accept('escaped-names-and-tag', ['CG-REC-1', 'CG-FILE-1'], lines(HEADER({}), '{"\\u0074":"\\u0066","i":0,"p\\u0061th":"\\u00e9\\ud83d\\ude00"}', EOF(1, 0, 0)), 'escapes in member names and in t decode like any string'),
    accept('feff-inside-string', ['CG-FILE-1', 'R-C1'], lines(HEADER({}), '{"t":"f","i":0,"path":"\ufeffa"}', EOF(1, 0, 0)), 'U+FEFF inside a string is an ordinary character, not a BOM', 'strict'),
    accept('modules-utf16-order', ['CG-ORD-1'], twoModules('\u{1f600}', '\uff61'), 'U+1F600 (D83D DE00) sorts before U+FF61 by UTF-16 code unit'),
    reject('member-without-d-after-one-with-d', 'ENTITY_ORDER', lines(HEADER({ kinds: ['p'] }), '{"t":"e","i":0,"k":0,"tr":[],"m":0,"s":"a"}', '{"t":"e","i":1,"k":0,"tr":[],"m":0,"s":"b","d":"x"}', '{"t":"e","i":2,"k":0,"tr":[],"m":0,"s":"b"}', EOF(0, 3, 0)), 'members with the same s: the one without d comes first, so it may not follow one with d'),
    reject('member-of-earlier-module-after-later-module', 'ENTITY_ORDER', lines(HEADER({ kinds: ['p'] }), '{"t":"e","i":0,"k":0,"tr":[],"m":0,"s":"a"}', '{"t":"e","i":1,"k":0,"tr":[],"m":1,"s":"b"}', '{"t":"e","i":2,"k":0,"tr":[],"m":0,"s":"x"}', EOF(0, 3, 0)), 'members follow their module directly: a member of module a after module b is out of order'),
    accept('edges-ordered-by-provenance', ['CG-ORD-4', 'R-C6'], lines(HEADER({ kinds: ['p'], edges: ['invocation'], provenance: ['declared', 'derived'] }), '{"t":"f","i":0,"path":"a"}', '{"t":"e","i":0,"k":0,"tr":[],"m":0,"s":"m"}', '{"t":"e","i":1,"k":0,"tr":[],"m":0,"s":"n"}', '{"t":"x","k":0,"f":1,"o":0,"p":0,"anchor":[0,2,2]}', '{"t":"x","k":0,"f":1,"o":0,"p":1,"anchor":[0,2,2]}', EOF(1, 2, 2)), 'edges equal up to p ascend by p, the last sort key'),
    reject('anchor-file-ref-past-2-53', 'DANGLING_FILE_REF', lines(HEADER({ kinds: ['p'], traits: ['TSourceAnchor'] }), '{"t":"f","i":0,"path":"a"}', '{"t":"e","i":0,"k":0,"tr":[0],"m":0,"s":"a","anchor":[9007199254740993,1,1]}', EOF(1, 1, 0)), 'an anchor file ref past 2^53 names no f record (one file)'),
    reject('modules-code-point-order', 'ENTITY_ORDER', twoModules('\uff61', '\u{1f600}'), 'code-point order is not the canonical order'),
    accept('files-utf16-order', ['CG-ORD-3'], lines(HEADER({}), '{"t":"f","i":0,"path":"\u{1f600}"}', '{"t":"f","i":1,"path":"\uff61"}', EOF(2, 0, 0)), 'files sorted by UTF-16 code unit'),
    reject('files-code-point-order', 'FILE_ORDER', lines(HEADER({}), '{"t":"f","i":0,"path":"\uff61"}', '{"t":"f","i":1,"path":"\u{1f600}"}', EOF(2, 0, 0)), 'code-point order is not the canonical order'),
    accept('kinds-utf16-order', ['CG-DICT-2'], lines(HEADER({ kinds: ['\u{1f600}', '\uff61'] }), EOF(0, 0, 0)), 'dictionaries sorted by UTF-16 code unit'),
    reject('kinds-code-point-order', 'DICT_UNSORTED', lines(HEADER({ kinds: ['\uff61', '\u{1f600}'] }), EOF(0, 0, 0)), 'code-point order is not the canonical order'),
    accept('unused-dictionary-members', ['CG-DICT-1', 'R-C3'], lines(HEADER({ kinds: ['a', 'b'], traits: ['TComment', 'TWithValue'], edges: ['import', 'throws'], provenance: ['declared', 'derived'] }), EOF(0, 0, 0)), 'a dictionary may declare members no record uses', 'strict'),
    reject('kinds-empty-string', 'RECORD_MEMBER_TYPE', lines(HEADER({ kinds: [''] }), EOF(0, 0, 0)), 'dict.kinds holds non-empty strings (the document says so)'),
    reject('traits-dictionary-unknown', 'DICT_UNKNOWN_MEMBER', lines(HEADER({ traits: ['TChildOf', 'TFoo'] }), EOF(0, 0, 0)), 'TFoo is outside the closed trait vocabulary'),
    accept('declared-type-absent', ['CG-TRAIT-1', 'R-C4'], lines(HEADER({ kinds: ['p'], traits: ['TTypedEntity'] }), '{"t":"e","i":0,"k":0,"tr":[0],"m":0,"s":"m"}', EOF(0, 1, 0)), 'declaredType may be absent although TTypedEntity is declared', 'strict'),
    accept('pass-through-members', ['CG-TRAIT-1'], lines(HEADER({ kinds: ['p'] }), '{"t":"e","i":0,"k":0,"tr":[],"m":0,"s":"m","x-extractor":{"note":[1.50,null,{"deep":"ü"}]},"tags":["a"]}', EOF(0, 1, 0)), 'members no trait contributes pass untouched'),
    accept('pass-through-member-null', ['CG-TRAIT-1'], lines(HEADER({ kinds: ['p'] }), '{"t":"e","i":0,"k":0,"tr":[],"m":0,"s":"m","x-note":null}', EOF(0, 1, 0)), 'a member no trait contributes passes untouched when it is null too (only a trait key or d reads null as absent)'),
    accept('repeated-refs-and-any-tr-order', ['R-C4'], lines(HEADER({ kinds: ['p'], traits: ['TChildOf', 'TNamed', 'TWithParameters'] }), '{"t":"e","i":0,"k":0,"tr":[],"m":0,"s":"m"}', '{"t":"e","i":1,"k":0,"tr":[2,0,1],"m":0,"s":"f","parent":0,"name":"f","parameters":[2,2]}', '{"t":"e","i":2,"k":0,"tr":[],"m":0,"s":"g"}', EOF(0, 3, 0)), 'tr in any order; a ref array may repeat a (forward) ref', 'strict'),
    accept('equal-edge-keys', ['CG-ORD-4', 'R-C6'], lines(HEADER({ kinds: ['p'], edges: ['invocation'], provenance: ['declared'] }), '{"t":"f","i":0,"path":"a"}', '{"t":"e","i":0,"k":0,"tr":[],"m":0,"s":"m"}', '{"t":"e","i":1,"k":0,"tr":[],"m":0,"s":"n"}', '{"t":"x","k":0,"f":1,"o":0,"p":0,"anchor":[0,2,2]}', '{"t":"x","k":0,"f":1,"o":0,"p":0,"anchor":[0,2,2]}', EOF(1, 2, 2)), 'edges with equal sort keys may repeat', 'strict'),
    accept('empty-paths-and-symbols', ['CG-ENT-1'], lines(HEADER({ kinds: ['p'] }), '{"t":"e","i":0,"k":0,"tr":[],"m":0,"s":""}', '{"t":"e","i":1,"k":0,"tr":[],"m":0,"s":"","d":""}', '{"t":"e","i":2,"k":0,"tr":[],"m":0,"s":"a","d":""}', EOF(0, 3, 0)), 'an empty module path, an empty symbol and an empty d are allowed (the member differs from its module by d)'),
    accept('member-named-like-module', ['CG-MOD-2', 'CG-ORD-2'], lines(HEADER({ kinds: ['p'] }), '{"t":"e","i":0,"k":0,"tr":[],"m":0,"s":"a.b"}', '{"t":"e","i":1,"k":0,"tr":[],"m":0,"s":"a.b","d":"class"}', EOF(0, 2, 0)), 'a member whose symbol is its module path carries a d', 'strict'),
    reject('member-keyed-as-its-module', 'DUPLICATE_ENTITY', lines(HEADER({ kinds: ['p'] }), '{"t":"e","i":0,"k":0,"tr":[],"m":0,"s":"a.b"}', '{"t":"e","i":1,"k":0,"tr":[],"m":0,"s":"a.b"}', EOF(0, 2, 0)), 'the member shares (m, s, d) with its module'),
    reject('member-module-ref-names-a-member', 'MODULE_REF_INVALID', lines(HEADER({ kinds: ['p'] }), '{"t":"e","i":0,"k":0,"tr":[],"m":0,"s":"a"}', '{"t":"e","i":1,"k":0,"tr":[],"m":0,"s":"b"}', '{"t":"e","i":2,"k":0,"tr":[],"m":1,"s":"c"}', EOF(0, 3, 0)), 'm must name a module entity', ['R-C5']),
    reject('module-with-disambiguator', 'MODULE_DISAMBIGUATOR', lines(HEADER({ kinds: ['p'] }), '{"t":"e","i":0,"k":0,"tr":[],"m":0,"s":"a","d":"x"}', EOF(0, 1, 0)), 'a module is identified by its path alone'),
    reject('two-modules-one-path', 'DUPLICATE_ENTITY', lines(HEADER({ kinds: ['p'] }), '{"t":"e","i":0,"k":0,"tr":[],"m":0,"s":"a"}', '{"t":"e","i":1,"k":0,"tr":[],"m":1,"s":"a"}', EOF(0, 2, 0)), 'two modules with one path'),
    accept('integers-up-to-64-bits', ['R-C9', 'R-S2'], lines(HEADER({ kinds: ['p'], traits: ['TMetrics', 'TSourceAnchor'] }), '{"t":"f","i":0,"path":"a"}', '{"t":"e","i":0,"k":0,"tr":[0,1],"m":0,"s":"a","metrics":{"n":18446744073709551615,"z":0},"anchor":[0,9007199254740993,18446744073709551615]}', EOF(1, 1, 0)), '2^64 − 1 is the largest unsigned integer; lines beyond 2^53 keep their exact value', 'strict'),
    reject('integer-beyond-64-bits', 'RECORD_INTEGER_LEXEME', lines(HEADER({ kinds: ['p'], traits: ['TMetrics'] }), '{"t":"e","i":0,"k":0,"tr":[0],"m":0,"s":"a","metrics":{"n":18446744073709551616}}', EOF(0, 1, 0)), '2^64 does not fit in 64 bits'),
    reject('integer-written-1.0', 'RECORD_INTEGER_LEXEME', lines(HEADER({}), '{"t":"f","i":0.0,"path":"a"}', EOF(1, 0, 0)), '0.0 names an integer but is not an integer lexeme (ajv would accept it)'),
    reject('integer-written-1e0', 'RECORD_INTEGER_LEXEME', lines(HEADER({}), '{"t":"f","i":0,"path":"a"}', '{"t":"eof","counts":{"files":1e0,"entities":0,"edges":0}}'), '1e0 is not an integer lexeme'),
    reject('integer-written-1e00', 'RECORD_INTEGER_LEXEME', lines(HEADER({}), '{"t":"f","i":0,"path":"a"}', '{"t":"eof","counts":{"files":1e00,"entities":0,"edges":0}}'), '1e00 names the integer 1 (an exponent of two digits) but is not an integer lexeme'),
    reject('integer-written-minus-zero', 'RECORD_INTEGER_LEXEME', lines(HEADER({}), '{"t":"f","i":-0,"path":"a"}', EOF(1, 0, 0)), '-0 is refused'),
    accept('anchor-start-equals-end', ['CG-INT-5'], lines(HEADER({ kinds: ['p'], traits: ['TSourceAnchor'] }), '{"t":"f","i":0,"path":"a"}', '{"t":"e","i":0,"k":0,"tr":[0],"m":0,"s":"a","anchor":[0,1,1]}', EOF(1, 1, 0)), 'a one-line anchor'),
    accept('anchor-lines-either-side-of-2-53', ['CG-INT-5', 'R-C9'], lines(HEADER({ kinds: ['p'], traits: ['TSourceAnchor'] }), '{"t":"f","i":0,"path":"a"}', '{"t":"e","i":0,"k":0,"tr":[0],"m":0,"s":"a","anchor":[0,1,9007199254740993]}', EOF(1, 1, 0)), 'a start line below 2^53 and an end line past it compare exactly'),
    reject('anchor-lines-past-2-53-start-after-end', 'LINE_RANGE', lines(HEADER({ kinds: ['p'], traits: ['TSourceAnchor'] }), '{"t":"f","i":0,"path":"a"}', '{"t":"e","i":0,"k":0,"tr":[0],"m":0,"s":"a","anchor":[0,9007199254740993,9007199254740992]}', EOF(1, 1, 0)), 'line numbers past 2^53 are compared exactly: the start is one after the end (as doubles the two are equal)'),
    // Found by review of check-integrity.ts survivors: a start line past 2^53 beside an end line below it, and an
    // entity ref past 2^53 followed by an ordinary one (the order in which refs are noted must not lose it).
    // The reference testee observes a model of up to READ_OBSERVATION_MAX_BYTES (8 MiB) and answers one past it skipped: a file of exactly that size is observed.
    accept('model-of-exactly-8-mib', ['CG-FILE-1', 'CG-REC-1'], exactly8MiB(), 'an entity whose unread member pads the file to exactly 8,388,608 bytes: read, and observed whole (one byte more and the reference testee would answer skipped)'),
    reject('anchor-start-past-2-53-end-below', 'LINE_RANGE', lines(HEADER({ kinds: ['p'], traits: ['TSourceAnchor'] }), '{"t":"f","i":0,"path":"a"}', '{"t":"e","i":0,"k":0,"tr":[0],"m":0,"s":"a","anchor":[0,9007199254740993,1]}', EOF(1, 1, 0)), 'a start line past 2^53 and an end line of 1: the start is after the end, compared exactly whatever the width of either'),
    reject('parent-past-2-53-then-ordinary', 'DANGLING_ENTITY_REF', lines(HEADER({ kinds: ['p'], traits: ['TChildOf'] }), '{"t":"e","i":0,"k":0,"tr":[0],"m":0,"s":"a","parent":9007199254740993}', '{"t":"e","i":1,"k":0,"tr":[0],"m":0,"s":"b","parent":0}', EOF(0, 2, 0)), 'a parent past 2^53 names no entity, though an ordinary parent follows on the next line', ['R-C9']),
    reject('type-parameter-past-2-53-then-ordinary', 'DANGLING_ENTITY_REF', lines(HEADER({ kinds: ['p'], traits: ['TType'] }), '{"t":"e","i":0,"k":0,"tr":[0],"m":0,"s":"a","typeParameters":[9007199254740993,0]}', EOF(0, 1, 0)), 'a type parameter past 2^53 names no entity, though an ordinary one follows it in the list', ['R-C9']),
    accept('extractor-and-repository-extras', ['R-C2'], lines(HEADER({}, ',"repository":{"url":"u","nested":{"a":[1,2]}}').replace('"version":"1"}', '"version":"1","noClasspath":true,"options":{"a":1}}'), EOF(0, 0, 0)), 'the extractor may carry more members; repository is any object', 'strict'),
    reject('repository-not-object', 'RECORD_MEMBER_TYPE', lines(HEADER({}, ',"repository":"git"'), EOF(0, 0, 0)), 'repository must be an object'),
    accept('number-literal-lexemes', ['R-C8', 'R-S2'], lines(HEADER({ kinds: ['p'], traits: ['TWithValue'] }), '{"t":"e","i":0,"k":0,"tr":[0],"m":0,"s":"a","value":{"k":"array","items":[{"k":"number","value":1.50},{"k":"number","value":1E400},{"k":"number","value":-0}]}}', EOF(0, 1, 0)), 'a number Literal keeps any JSON number lexeme', 'strict'),
    accept('forward-literal-ref', ['CG-INT-1', 'CG-ERR-1', 'R-C8'], lines(HEADER({ kinds: ['p'], traits: ['TWithValue'] }), '{"t":"e","i":0,"k":0,"tr":[0],"m":0,"s":"a","value":{"k":"enum","type":1,"name":"X"}}', '{"t":"e","i":1,"k":0,"tr":[],"m":0,"s":"b"}', EOF(0, 2, 0)), 'a Literal type may name a later entity', 'strict'),
    reject('forward-literal-ref-dangling', 'DANGLING_ENTITY_REF', lines(HEADER({ kinds: ['p'], traits: ['TWithValue'] }), '{"t":"e","i":0,"k":0,"tr":[0],"m":0,"s":"a","value":{"k":"class","type":2}}', '{"t":"e","i":1,"k":0,"tr":[],"m":0,"s":"b"}', EOF(0, 2, 0)), 'type 2 names no entity (two entities)'),
    reject('first-error-in-file-order', 'JSON_SYNTAX', lines(HEADER({ kinds: ['p'], traits: ['TChildOf'] }), '{"t":"e","i":0,"k":0,"tr":[0],"m":0,"s":"a","parent":7}', '{"t":"e","i":1,"k":0,"tr":[],"m":0,"s":"b"', EOF(0, 2, 0)), 'the dangling forward parent is judged when the entity section ends; the broken line before that comes first', ['CG-ERR-1']),
    reject('dangling-ref-reported-before-edge-fault', 'DANGLING_ENTITY_REF', lines(HEADER({ kinds: ['p'], traits: ['TChildOf'], edges: ['invocation'], provenance: ['declared'] }), '{"t":"f","i":0,"path":"a"}', '{"t":"e","i":0,"k":0,"tr":[0],"m":0,"s":"a","parent":7}', '{"t":"e","i":1,"k":0,"tr":[],"m":0,"s":"b"}', '{"t":"x","k":0,"f":1,"o":1,"p":0,"anchor":[0,1,1]}', EOF(1, 2, 1)), 'the entity section ends at the first edge: the dangling parent is reported there, before that edge is checked (it is a self edge)', ['CG-ERR-1']),
    reject('dangling-ref-reported-at-section-end', 'DANGLING_ENTITY_REF', lines(HEADER({ kinds: ['p'], traits: ['TChildOf'] }), '{"t":"e","i":0,"k":0,"tr":[0],"m":0,"s":"a","parent":7}', '{"t":"e","i":1,"k":0,"tr":[],"m":0,"s":"b"}', '{"t":"eof","counts":{"files":0,"entities":9,"edges":0}}'), 'the dangling parent is reported before the count mismatch of the eof line', ['CG-ERR-1']),
    reject('empty-file', 'HEADER_MISSING', '', 'no header at all'),
    reject('only-blank-lines', 'HEADER_MISSING', '\n \n\t\n', 'blank lines are ignored, so there is no header'),
    reject('eof-twice', 'EOF_NOT_LAST', lines(HEADER({}), EOF(0, 0, 0), EOF(0, 0, 0)), 'a second eof'),
    reject('blank-line-with-cr', 'MODEL_CARRIAGE_RETURN', lines(HEADER({}), '\r', EOF(0, 0, 0)), 'a CR is refused even on a blank line'),
    reject('nan-literal', 'JSON_SYNTAX', lines(HEADER({ kinds: ['p'], traits: ['TWithValue'] }), '{"t":"e","i":0,"k":0,"tr":[0],"m":0,"s":"a","value":{"k":"number","value":NaN}}', EOF(0, 1, 0)), 'NaN is not JSON'),
    reject('comment-in-line', 'JSON_SYNTAX', lines(HEADER({}), '{"t":"f","i":0,"path":"a"} // file', EOF(1, 0, 0)), 'no comments in JSON'),
    reject('two-records-one-line', 'JSON_SYNTAX', lines(HEADER({}) + EOF(0, 0, 0)), 'one record per line'),
    reject('null-d-on-module', 'NULL_NOT_ABSENT', lines(HEADER({ kinds: ['p'] }), '{"t":"e","i":0,"k":0,"tr":[],"m":0,"s":"a","d":null}', EOF(0, 1, 0)), 'd: null is refused'),
    reject('edge-unknown-member', 'RECORD_MEMBER_UNKNOWN', lines(HEADER({ kinds: ['p'], edges: ['import'], provenance: ['declared'] }), '{"t":"f","i":0,"path":"a"}', '{"t":"e","i":0,"k":0,"tr":[],"m":0,"s":"a"}', '{"t":"e","i":1,"k":0,"tr":[],"m":1,"s":"b"}', '{"t":"x","k":0,"f":0,"o":1,"p":0,"anchor":[0,1,1],"weight":1}', EOF(1, 2, 1)), 'an edge is closed', ['R-C7']),
    reject('named-argument-empty-name', 'RECORD_EMPTY_STRING', lines(HEADER({ kinds: ['p'], traits: ['TWithValue'] }), '{"t":"e","i":0,"k":0,"tr":[0],"m":0,"s":"a","value":{"k":"annotation","type":0,"arguments":[{"name":"","value":{"k":"null"}}]}}', EOF(0, 1, 0)), 'a NamedArgument name is non-empty', ['R-C8']),
    reject('literal-missing-member', 'RECORD_MEMBER_MISSING', lines(HEADER({ kinds: ['p'], traits: ['TWithValue'] }), '{"t":"e","i":0,"k":0,"tr":[0],"m":0,"s":"a","value":{"k":"enum","type":0}}', EOF(0, 1, 0)), 'an enum Literal needs name', ['R-C8']),
    reject('metrics-not-integers', 'RECORD_MEMBER_TYPE', lines(HEADER({ kinds: ['p'], traits: ['TMetrics'] }), '{"t":"e","i":0,"k":0,"tr":[0],"m":0,"s":"a","metrics":{"sloc":"4"}}', EOF(0, 1, 0)), 'metrics values are unsigned integers', ['R-C4']),
  ];
  // R-S2a: deep nesting is implementation-defined.
  const depth = 200;
  out.push({
    name: 'deep-pass-through-value',
    op: OP,
    profile: 'strict',
    requirements: ['R-S2a'],
    input: lines(HEADER({ kinds: ['p'] }), `{"t":"e","i":0,"k":0,"tr":[],"m":0,"s":"a","deep":${'['.repeat(depth)}${']'.repeat(depth)}}`, EOF(0, 1, 0)),
    expect: { verdict: 'either' },
    note: 'nesting deeper than 128 in a record: a reader may read it or refuse it with a limit code, never crash',
  });
  out.push({
    name: 'deep-literal',
    op: OP,
    profile: 'strict',
    requirements: ['R-S2a', 'R-C8'],
    input: lines(HEADER({ kinds: ['p'], traits: ['TWithValue'] }), `{"t":"e","i":0,"k":0,"tr":[0],"m":0,"s":"a","value":${'{"k":"array","items":['.repeat(depth)}{"k":"null"}${']}'.repeat(depth)}}`, EOF(0, 1, 0)),
    expect: { verdict: 'either' },
    note: 'a Literal nested 200 deep',
  });
  return out;
}

function mutatedBase(): CaseSpec[] {
  const base = new Uint8Array(Buffer.from(BASE_MODEL, 'utf8'));
  const out: CaseSpec[] = [];
  for (const m of MODEL_MUTATORS) {
    for (const pick of [0, 1]) {
      const bad = m.apply(base, pick);
      if (bad === undefined) continue;
      out.push({
        name: `base-${m.name}-${pick}`,
        op: OP,
        profile: m.profile,
        requirements: [...new Set([m.requirement, codeInfo(m.code).requirement])],
        input: bad,
        expect: { verdict: 'reject', code: m.code },
        note: `mutator ${m.name} applied to the base model`,
      });
    }
  }
  return out;
}

function seeded(): CaseSpec[] {
  const models = fc.sample(codegraphModelFile({ maxMembers: 5, maxEdges: 5, maxFanOut: 4 }), { seed: GOLDEN_SEED, numRuns: 30 });
  const out: CaseSpec[] = models.map((bytes, n) =>
    accept(`generated-${String(n).padStart(2, '0')}`, ['CG-FILE-1', 'CG-WRITE-1'], bytes, 'generated by codegraphModelFile at seed 4004', 'strict'),
  );
  MODEL_MUTATORS.forEach((m, j) => {
    const model = models[(j * 7) % models.length]!;
    const bad = m.apply(model, j);
    if (bad === undefined) return;
    out.push({
      name: `generated-${m.name}`,
      op: OP,
      profile: m.profile,
      requirements: [...new Set([m.requirement, codeInfo(m.code).requirement])],
      input: bad,
      expect: { verdict: 'reject', code: m.code },
      note: `mutator ${m.name} applied to a model generated at seed 4004`,
    });
  });
  return out;
}

/** Two edges equal in f, o and k, so only the anchor orders them (CG-ORD-4). */
function anchorOrderCases(): CaseSpec[] {
  const model = (starts: number[]) =>
    [
      '{"t":"header","schemaVersion":"1.0.0","lang":"java","extractor":{"name":"x","version":"1"},"root":"src","dict":{"kinds":["class","package"],"traits":[],"edges":["invocation"],"provenance":["declared"]}}',
      '{"t":"f","i":0,"path":"a/B.java"}',
      '{"t":"e","i":0,"k":1,"tr":[],"m":0,"s":"a"}',
      '{"t":"e","i":1,"k":0,"tr":[],"m":0,"s":"B"}',
      '{"t":"e","i":2,"k":0,"tr":[],"m":0,"s":"C"}',
      ...starts.map((s) => `{"t":"x","k":0,"f":1,"o":2,"p":0,"anchor":[0,${s},${s}]}`),
      `{"t":"eof","counts":{"files":1,"entities":3,"edges":${starts.length}}}`,
    ].join('\n') + '\n';
  const base = { op: 'codegraph.read', profile: 'core', requirements: ['CG-ORD-4'] } as const;
  return [
    { ...base, name: 'edges-out-of-order-by-anchor', input: model([5, 3]), expect: { verdict: 'reject', code: 'EDGE_ORDER' }, note: 'edges equal in f, o and k are ordered by anchor start: 5 before 3 is out of order' },
    { ...base, name: 'edges-ordered-by-anchor', input: model([3, 5]), expect: { verdict: 'accept' }, note: 'edges equal in f, o and k, anchors ascending' },
  ];
}

/** Every codegraph golden case. */
/**
 * Lines with long runs no check reads, each a few kilobytes: a reader that holds lines whole reads them as
 * any line, and one that drops what no check reads from a line too long to hold (as the validator does
 * past its buffer, and the mutation harness's 61-byte buffer on every line) must give the same verdict.
 * Found by mutation testing of read-model.ts: no vector had a line with such runs, so faults in dropping
 * them (a string middle, array items, members, a long name's digest, whitespace, a number's digits)
 * survived.
 */
function longRunCases(): CaseSpec[] {
  const entity = (extra: string, tr = '[]') => `{"t":"e","i":0,"k":0,"tr":${tr},"m":0,"s":"a"${extra}}`;
  const model = (extra: string, traits: string[] = [], tr = '[]') => lines(HEADER({ kinds: ['p'], traits }), entity(extra, tr), EOF(0, 1, 0));
  const longName = (j: number) => `${'n'.repeat(70)}\u00e9${j}`;
  const manyNames = Array.from({ length: 40 }, (_, j) => `"${longName(j)}":${j}`).join(',');
  const manyItems = Array.from({ length: 400 }, (_, j) => `"i${j}"`).join(',');
  const manyMembers = Array.from({ length: 300 }, (_, j) => `"x${j}":${j}`).join(',');
  const header = HEADER({ kinds: ['p'] });
  return [
    accept('long-run-pass-through-string', ['CG-TRAIT-1'], model(`,"x-note":"${'abc\\"é😀'.repeat(400)}"`), 'a 4 KB string in a member no trait contributes'),
    accept('long-run-pass-through-items', ['CG-TRAIT-1'], model(`,"tags":[${manyItems},{"last":[1,2]}]`), '400 items and a container in an array no check reads'),
    accept('long-run-pass-through-long-names', ['CG-TRAIT-1', 'R-S1'], model(`,"x-map":{${manyNames}}`), '40 distinct member names past 64 UTF-16 units in an object no check reads', 'strict'),
    reject('long-run-repeated-long-name', 'JSON_DUPLICATE_MEMBER', model(`,"x-map":{${manyNames},"${longName(7)}":0}`), 'the same name past 64 UTF-16 units again after 40 others: a duplicate however long the line is'),
    reject('long-run-names-differing-late', 'JSON_DUPLICATE_MEMBER', model(`,"x-map":{"${'q'.repeat(3000)}a":0,"${'q'.repeat(3000)}a":1}`), 'two names of 3,001 characters, equal: a duplicate'),
    accept('long-run-names-differing-last-character', ['R-S1'], model(`,"x-map":{"${'q'.repeat(3000)}a":0,"${'q'.repeat(3000)}b":1}`), 'two names of 3,001 characters that differ in the last one only: no duplicate', 'strict'),
    accept('long-run-whitespace', ['CG-FILE-1'], model(`,"x-pad":${' '.repeat(3000)}1${'\t'.repeat(2000)}`), 'thousands of spaces and tabs between tokens'),
    accept('long-run-number-digits', ['R-S2'], model(`,"x-n":${'9'.repeat(3000)}.${'0'.repeat(1000)}e-${'1'.repeat(3)}`), 'a number of 4,000 digits no check reads'),
    reject('long-run-then-bad-tag', 'RECORD_TYPE_UNKNOWN', lines(HEADER({ kinds: ['p'] }), `{"x-note":"${'z'.repeat(4000)}","t":"q","i":0}`, EOF(0, 0, 0)), 'a 4 KB string before the record type: the type still decides'),
    reject('long-run-then-syntax-fault', 'JSON_SYNTAX', model(`,"tags":[${manyItems}],"x":tru`), 'a syntax fault after 400 items dropped from an array'),
    accept('long-run-literal-string', ['R-C8'], model(`,"value":{"k":"string","value":"${'v'.repeat(4000)}"}`, ['TWithValue'], '[0]'), 'a 4 KB string Literal, read for its type alone'),
    reject('long-run-literal-kind', 'LITERAL_KIND_UNKNOWN', model(`,"value":{"k":"${'s'.repeat(4000)}","value":"v"}`, ['TWithValue'], '[0]'), 'a Literal kind of 4,000 characters is no kind'),
    accept('long-run-comment', ['CG-TRAIT-1'], model(`,"comment":"${'c'.repeat(4000)}"`, ['TComment'], '[0]'), 'a 4 KB comment, a string trait key read for its type'),
    accept('long-run-many-pass-through-members', ['CG-TRAIT-1'], model(`,${manyMembers}`), '300 small members no trait contributes, one after another'),
    reject('long-run-many-members-then-repeat', 'JSON_DUPLICATE_MEMBER', model(`,${manyMembers},"x7":0`), 'the seventh of 300 pass-through members named again at the end'),
    // A line whose JSON fault its first bytes decide is still read to its end for what CG-ERR-1 puts first.
    reject('long-run-syntax-fault-then-cr', 'MODEL_CARRIAGE_RETURN', lines(header, `{"t":"f","i":0,"path":"a"x${'a'.repeat(300)}\r${'b'.repeat(50)}`, EOF(1, 0, 0)), 'a CR 300 bytes after a syntax fault: the CR answers (strict)'),
    reject('long-run-syntax-fault-then-bad-utf8', 'JSON_INVALID_UTF8', Buffer.concat([Buffer.from(`${header}\n{"t":"f","i":0,"path":"a"x${'é'.repeat(300)}`), Buffer.from([0xc3, 0x28]), Buffer.from(`\n${EOF(1, 0, 0)}\n`)]), 'an invalid UTF-8 sequence 600 bytes after a syntax fault, after two-byte characters: the UTF-8 fault answers'),
    reject('long-run-syntax-fault-then-valid-utf8', 'JSON_SYNTAX', lines(header, `{"t":"f","i":0,"path":"a"x${'é😀'.repeat(200)}`, EOF(1, 0, 0)), 'well-formed two- and four-byte characters after a syntax fault: the syntax fault answers'),
  ];
}

/**
 * One fault in each member the header, file and eof checks read, one vector each. Found by mutation
 * testing of validate-record-schema.ts: a check skipped for any of these members survived (the
 * generated and mutated models break other members).
 */
const UTF8_BOM_BYTES = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * One fault in each member an entity or an edge record checks: a required member left out, a member of
 * the wrong type, a trait key's value of the wrong shape. Found by mutation testing of
 * validate-record-schema.ts, where a skipped check of any of these survived.
 */
function entityAndEdgeMemberCases(): CaseSpec[] {
  const header = HEADER({ kinds: ['p'], traits: ['TChildOf', 'TComment', 'TMetrics', 'TSourceAnchor', 'TWithParameters', 'TWithValue'], edges: ['invocation'], provenance: ['declared'] });
  const file = '{"t":"f","i":0,"path":"a"}';
  const entity = (line: string) => lines(header, file, line, EOF(1, 1, 0));
  const edge = (line: string) => lines(header, file, '{"t":"e","i":0,"k":0,"tr":[],"m":0,"s":"a"}', '{"t":"e","i":1,"k":0,"tr":[],"m":0,"s":"b"}', line, EOF(1, 2, 1));
  const E: Array<[string, 'RECORD_MEMBER_MISSING' | 'RECORD_MEMBER_TYPE', string]> = [
    ['entity-lacks-i', 'RECORD_MEMBER_MISSING', '{"t":"e","k":0,"tr":[],"m":0,"s":"a"}'],
    ['entity-lacks-k', 'RECORD_MEMBER_MISSING', '{"t":"e","i":0,"tr":[],"m":0,"s":"a"}'],
    ['entity-lacks-tr', 'RECORD_MEMBER_MISSING', '{"t":"e","i":0,"k":0,"m":0,"s":"a"}'],
    ['entity-lacks-m', 'RECORD_MEMBER_MISSING', '{"t":"e","i":0,"k":0,"tr":[],"s":"a"}'],
    ['entity-lacks-s', 'RECORD_MEMBER_MISSING', '{"t":"e","i":0,"k":0,"tr":[],"m":0}'],
    ['entity-k-string', 'RECORD_MEMBER_TYPE', '{"t":"e","i":0,"k":"0","tr":[],"m":0,"s":"a"}'],
    ['entity-m-string', 'RECORD_MEMBER_TYPE', '{"t":"e","i":0,"k":0,"tr":[],"m":"0","s":"a"}'],
    ['entity-s-number', 'RECORD_MEMBER_TYPE', '{"t":"e","i":0,"k":0,"tr":[],"m":0,"s":1}'],
    ['entity-d-number', 'RECORD_MEMBER_TYPE', '{"t":"e","i":0,"k":0,"tr":[],"m":0,"s":"a","d":1}'],
    ['entity-tr-object', 'RECORD_MEMBER_TYPE', '{"t":"e","i":0,"k":0,"tr":{},"m":0,"s":"a"}'],
    ['entity-tr-item-string', 'RECORD_MEMBER_TYPE', '{"t":"e","i":0,"k":0,"tr":["0"],"m":0,"s":"a"}'],
    ['entity-parent-string', 'RECORD_MEMBER_TYPE', '{"t":"e","i":0,"k":0,"tr":[0],"m":0,"s":"a","parent":"0"}'],
    ['entity-parameters-object', 'RECORD_MEMBER_TYPE', '{"t":"e","i":0,"k":0,"tr":[4],"m":0,"s":"a","parameters":{}}'],
    ['entity-parameters-item-string', 'RECORD_MEMBER_TYPE', '{"t":"e","i":0,"k":0,"tr":[4],"m":0,"s":"a","parameters":["0"]}'],
    ['entity-comment-number', 'RECORD_MEMBER_TYPE', '{"t":"e","i":0,"k":0,"tr":[1],"m":0,"s":"a","comment":5}'],
    ['entity-metrics-array', 'RECORD_MEMBER_TYPE', '{"t":"e","i":0,"k":0,"tr":[2],"m":0,"s":"a","metrics":[1]}'],
    ['entity-metrics-value-string', 'RECORD_MEMBER_TYPE', '{"t":"e","i":0,"k":0,"tr":[2],"m":0,"s":"a","metrics":{"n":"1"}}'],
    ['entity-anchor-two-items', 'RECORD_MEMBER_TYPE', '{"t":"e","i":0,"k":0,"tr":[3],"m":0,"s":"a","anchor":[0,1]}'],
    ['entity-anchor-file-string', 'RECORD_MEMBER_TYPE', '{"t":"e","i":0,"k":0,"tr":[3],"m":0,"s":"a","anchor":["0",1,1]}'],
    ['entity-anchor-start-string', 'RECORD_MEMBER_TYPE', '{"t":"e","i":0,"k":0,"tr":[3],"m":0,"s":"a","anchor":[0,"1",1]}'],
    ['entity-anchor-end-negative', 'RECORD_MEMBER_TYPE', '{"t":"e","i":0,"k":0,"tr":[3],"m":0,"s":"a","anchor":[0,1,-1]}'],
    ['entity-anchor-object', 'RECORD_MEMBER_TYPE', '{"t":"e","i":0,"k":0,"tr":[3],"m":0,"s":"a","anchor":{"f":0}}'],
  ];
  const X: Array<[string, 'RECORD_MEMBER_MISSING' | 'RECORD_MEMBER_TYPE', string]> = [
    ['edge-lacks-k', 'RECORD_MEMBER_MISSING', '{"t":"x","f":0,"o":1,"p":0,"anchor":[0,1,1]}'],
    ['edge-lacks-f', 'RECORD_MEMBER_MISSING', '{"t":"x","k":0,"o":1,"p":0,"anchor":[0,1,1]}'],
    ['edge-lacks-o', 'RECORD_MEMBER_MISSING', '{"t":"x","k":0,"f":0,"p":0,"anchor":[0,1,1]}'],
    ['edge-lacks-p', 'RECORD_MEMBER_MISSING', '{"t":"x","k":0,"f":0,"o":1,"anchor":[0,1,1]}'],
    ['edge-lacks-anchor', 'RECORD_MEMBER_MISSING', '{"t":"x","k":0,"f":0,"o":1,"p":0}'],
    ['edge-k-string', 'RECORD_MEMBER_TYPE', '{"t":"x","k":"0","f":0,"o":1,"p":0,"anchor":[0,1,1]}'],
    ['edge-f-string', 'RECORD_MEMBER_TYPE', '{"t":"x","k":0,"f":"0","o":1,"p":0,"anchor":[0,1,1]}'],
    ['edge-o-string', 'RECORD_MEMBER_TYPE', '{"t":"x","k":0,"f":0,"o":"1","p":0,"anchor":[0,1,1]}'],
    ['edge-p-string', 'RECORD_MEMBER_TYPE', '{"t":"x","k":0,"f":0,"o":1,"p":"0","anchor":[0,1,1]}'],
    ['edge-arguments-object', 'RECORD_MEMBER_TYPE', '{"t":"x","k":0,"f":0,"o":1,"p":0,"anchor":[0,1,1],"arguments":{}}'],
    ['edge-source-file-string', 'RECORD_MEMBER_TYPE', '{"t":"x","k":0,"f":0,"o":1,"p":0,"anchor":[0,1,1],"sourceFile":"0"}'],
  ];
  return [
    ...E.map(([name, code, line]) => reject(name, code, entity(line), `${code === 'RECORD_MEMBER_MISSING' ? 'a required member left out' : 'a member of the wrong type'}: ${line}`)),
    ...X.map(([name, code, line]) => reject(name, code, edge(line), `${code === 'RECORD_MEMBER_MISSING' ? 'a required member left out' : 'a member of the wrong type'}: ${line}`)),
    reject('entity-declared-type-null', 'NULL_NOT_ABSENT', entity('{"t":"e","i":0,"k":0,"tr":[],"m":0,"s":"a","declaredType":null}'), 'declaredType: null is refused under strict (leave it out)'),
  ];
}

function recordMemberCases(): CaseSpec[] {
  const header = (o: Record<string, unknown>) =>
    JSON.stringify({ t: 'header', schemaVersion: '1.0.0', lang: 'java', extractor: { name: 'x', version: '1' }, root: '', dict: { kinds: [], traits: [], edges: [], provenance: [] }, ...o });
  const dict = (o: Record<string, unknown>) => ({ dict: { kinds: [], traits: [], edges: [], provenance: [], ...o } });
  const withHeader = (o: Record<string, unknown>) => lines(header(o), EOF(0, 0, 0));
  const oneFile = (f: string) => lines(header({}), f, EOF(1, 0, 0));
  return [
    reject('header-extractor-not-object', 'RECORD_MEMBER_TYPE', withHeader({ extractor: 'x' }), 'extractor is an object'),
    reject('header-extractor-lacks-name', 'RECORD_MEMBER_MISSING', withHeader({ extractor: { version: '1' } }), 'extractor.name is required'),
    reject('header-extractor-lacks-version', 'RECORD_MEMBER_MISSING', withHeader({ extractor: { name: 'x' } }), 'extractor.version is required'),
    reject('header-extractor-name-not-string', 'RECORD_MEMBER_TYPE', withHeader({ extractor: { name: 1, version: '1' } }), 'extractor.name is a string'),
    reject('header-extractor-version-empty', 'RECORD_EMPTY_STRING', withHeader({ extractor: { name: 'x', version: '' } }), 'extractor.version is a non-empty string'),
    reject('header-lang-not-string', 'RECORD_MEMBER_TYPE', withHeader({ lang: 1 }), 'lang is a string'),
    reject('header-root-null', 'RECORD_MEMBER_TYPE', withHeader({ root: null }), 'root is a string (null is no absence here)'),
    reject('header-schema-version-not-string', 'RECORD_MEMBER_TYPE', withHeader({ schemaVersion: 1 }), 'schemaVersion is a string'),
    reject('header-repository-null', 'RECORD_MEMBER_TYPE', withHeader({ repository: null }), 'repository, when present, is an object'),
    reject('header-dict-not-object', 'RECORD_MEMBER_TYPE', withHeader({ dict: [] }), 'dict is an object'),
    reject('header-dict-unknown-member', 'RECORD_MEMBER_UNKNOWN', withHeader(dict({ extra: [] })), 'dict has exactly kinds, traits, edges and provenance'),
    reject('header-dict-lacks-kinds', 'RECORD_MEMBER_MISSING', withHeader({ dict: { traits: [], edges: [], provenance: [] } }), 'dict.kinds is required'),
    reject('header-dict-kinds-not-array', 'RECORD_MEMBER_TYPE', withHeader(dict({ kinds: 'a' })), 'dict.kinds is an array'),
    reject('header-dict-edges-empty-item', 'RECORD_EMPTY_STRING', withHeader(dict({ edges: [''] })), 'an edge kind is a non-empty string'),
    reject('header-dict-kinds-number-item', 'RECORD_MEMBER_TYPE', withHeader(dict({ kinds: [1] })), 'a kind is a string'),
    reject('file-index-string', 'RECORD_MEMBER_TYPE', oneFile('{"t":"f","i":"0","path":"a"}'), 'i is an integer'),
    reject('file-lacks-path', 'RECORD_MEMBER_MISSING', oneFile('{"t":"f","i":0}'), 'path is required'),
    reject('eof-counts-not-object', 'RECORD_MEMBER_TYPE', lines(header({}), '{"t":"eof","counts":[0,0,0]}'), 'counts is an object'),
    reject('eof-counts-unknown-member', 'RECORD_MEMBER_UNKNOWN', lines(header({}), '{"t":"eof","counts":{"files":0,"entities":0,"edges":0,"x":0}}'), 'counts has exactly files, entities and edges'),
    reject('eof-counts-lacks-edges', 'RECORD_MEMBER_MISSING', lines(header({}), '{"t":"eof","counts":{"files":0,"entities":0}}'), 'counts.edges is required'),
    reject('eof-lacks-counts', 'RECORD_MEMBER_MISSING', lines(header({}), '{"t":"eof"}'), 'counts is required'),
    ...entityAndEdgeMemberCases(),
    // Found by mutation testing of scan-lines.ts: faults at the first byte of a line or of the file.
    reject('bom-bytes-starting-a-later-line', 'JSON_SYNTAX', Buffer.concat([Buffer.from(`${header({})}\n`), UTF8_BOM_BYTES, Buffer.from(lines('{"t":"f","i":0,"path":"a"}', EOF(1, 0, 0)))]), 'EF BB BF only is a byte-order mark at the start of the file; starting a later line it is no JSON'),
    reject('invalid-utf8-starting-a-line', 'JSON_INVALID_UTF8', Buffer.concat([Buffer.from(`${header({})}\n`), Buffer.from([0xff]), Buffer.from(lines('{"t":"f","i":0,"path":"a"}', EOF(1, 0, 0)))]), 'the invalid byte is the first of its line'),
    reject('cr-first-byte-of-file', 'MODEL_CARRIAGE_RETURN', `\r\n${oneFile('{"t":"f","i":0,"path":"a"}')}`, 'a CR as the very first byte'),
    reject('cr-starting-a-line', 'MODEL_CARRIAGE_RETURN', lines(header({}), '\r{"t":"f","i":0,"path":"a"}', EOF(1, 0, 0)), 'a CR as the first byte of a record line'),
  ];
}

/**
 * Refs and line numbers past 2^53, which the reader keeps exact (BigInt): a file ref in definedIn, an
 * anchor whose start equals its end, and edges ordered by start or end. Found by mutation testing of
 * check-integrity.ts and check-context.ts (compareUInt): faults on the exact path survived.
 */
function integrityCases(): CaseSpec[] {
  const big = (k: number) => (9007199254740992n + BigInt(k)).toString();
  const edges = (a: string, b: string) =>
    lines(
      HEADER({ kinds: ['p'], edges: ['invocation'], provenance: ['declared'] }),
      '{"t":"f","i":0,"path":"a"}',
      '{"t":"e","i":0,"k":0,"tr":[],"m":0,"s":"m"}',
      '{"t":"e","i":1,"k":0,"tr":[],"m":0,"s":"n"}',
      `{"t":"x","k":0,"f":1,"o":0,"p":0,"anchor":[0,${a}]}`,
      `{"t":"x","k":0,"f":1,"o":0,"p":0,"anchor":[0,${b}]}`,
      EOF(1, 2, 2),
    );
  return [
    reject('defined-in-file-ref-past-2-53', 'DANGLING_FILE_REF', lines(HEADER({ kinds: ['p'], traits: ['TModule'] }), '{"t":"f","i":0,"path":"a"}', `{"t":"e","i":0,"k":0,"tr":[0],"m":0,"s":"a","definedIn":[0,${big(1)}]}`, EOF(1, 1, 0)), 'a definedIn file ref past 2^53 names no f record (one file)', ['R-C9']),
    accept('anchor-lines-equal-past-2-53', ['CG-INT-5', 'R-C9'], lines(HEADER({ kinds: ['p'], traits: ['TSourceAnchor'] }), '{"t":"f","i":0,"path":"a"}', `{"t":"e","i":0,"k":0,"tr":[0],"m":0,"s":"a","anchor":[0,${big(1)},${big(1)}]}`, EOF(1, 1, 0)), 'a one-line anchor past 2^53: start equals end exactly'),
    accept('edges-ordered-by-start-past-2-53', ['CG-ORD-4', 'R-C6', 'R-C9'], edges(`${big(1)},${big(7)}`, `${big(3)},${big(4)}`), 'edges equal up to the anchor: starts past 2^53 ascend, so the ends (descending) are not compared'),
    reject('edges-ends-descend-past-2-53', 'EDGE_ORDER', edges(`${big(1)},${big(5)}`, `${big(1)},${big(3)}`), 'edges equal up to the anchor end, starts equal past 2^53: the ends descend', ['R-C6', 'R-C9']),
  ];
}

/**
 * Found by a review of validate-record-schema.ts survivors: one member fault at a time in each record
 * type and Literal kind, each of which a fault in the schema checks answered differently (a type read
 * from the line before, a member shape never checked, an index past 2^53 taken as small).
 */
function recordSchemaCases(): CaseSpec[] {
  const H = HEADER({ kinds: ['p'], traits: ['TChildOf', 'TMetrics', 'TNamed', 'TSourceAnchor', 'TTypedEntity', 'TWithParameters', 'TWithValue'], edges: ['access'], provenance: ['declared'] });
  const F = '{"t":"f","i":0,"path":"a"}';
  const E0 = '{"t":"e","i":0,"k":0,"tr":[],"m":0,"s":"a"}';
  const E1 = '{"t":"e","i":1,"k":0,"tr":[],"m":0,"s":"b"}';
  /** One entity with traits `tr` and the members `m` (JSON text after its `s`). */
  const E = (tr: string, m = '') => lines(H, F, `{"t":"e","i":0,"k":0,"tr":${tr},"m":0,"s":"a"${m === '' ? '' : `,${m}`}}`, EOF(1, 1, 0));
  /** Two entities and the edge line `x`. */
  const X = (x: string) => lines(H, F, E0, E1, x, EOF(1, 2, 1));
  const EDGE = '{"t":"x","k":0,"f":0,"o":1,"p":0,"anchor":[0,1,1]}';
  const V = (literal: string) => E('[6]', `"value":${literal}`);
  const A = (args: string) => V(`{"k":"annotation","type":0,"arguments":${args}}`);
  const headerWithout = (member: string) => H.replace(new RegExp(`"${member}":"[^"]*",`), '');
  const R = 'RECORD_MEMBER_TYPE';
  const M = 'RECORD_MEMBER_MISSING';
  const big = '1'.repeat(1025);
  return [
    reject('record-no-type', 'RECORD_TYPE_UNKNOWN', lines(H, '{"i":0,"path":"a"}'), 'a file record without t'),
    reject('record-no-type-after-typed', 'RECORD_TYPE_UNKNOWN', lines(H, '{"i":0,"path":"a","t":"f"}', '{"i":1,"path":"b"}'), 'a record without t after one whose t comes last: nothing carries over from the line before'),
    reject('file-no-path', M, lines(H, F, '{"t":"f","i":1}'), 'a file record without its path'),
    reject('file-no-index', M, lines(H, '{"t":"f","path":"a"}'), 'a file record without its index'),
    reject('header-no-schema-version', M, lines(headerWithout('schemaVersion')), 'a header without schemaVersion'),
    reject('header-no-root', M, lines(H.replace('"root":"",', '')), 'a header without root'),
    reject('header-repository-number', R, lines(H.replace('{"t":"header",', '{"repository":5,"t":"header",'), EOF(0, 0, 0)), 'repository is an object, not a number'),
    accept('header-repository-object', ['CG-HDR-1'], lines(H.replace('{"t":"header",', '{"repository":{"u":1},"t":"header",'), EOF(0, 0, 0)), 'a repository object before t is read and observed', 'strict'),
    reject('eof-unknown-member', 'RECORD_MEMBER_UNKNOWN', lines(H, F, E0, `${EOF(1, 1, 0).slice(0, -1)},"z":1}`), 'the eof record is closed too'),
    reject('parameters-number', R, E('[5]', '"parameters":5'), 'parameters is a list of indices, not one'),
    reject('parameters-negative', R, E('[5]', '"parameters":[-1]'), 'a parameter index is unsigned'),
    reject('traits-number', R, lines(H, F, '{"t":"e","i":0,"k":0,"tr":5,"m":0,"s":"a"}', EOF(1, 1, 0)), 'tr is a list of trait indices'),
    reject('trait-index-past-2-53', 'DICT_INDEX_UNDECLARED', E('[9007199254740993]'), 'a trait index past 2^53 names no declared trait'),
    reject('anchor-null', R, E('[3]', '"anchor":null'), 'an anchor is an array of three'),
    reject('anchor-four-items', R, E('[3]', '"anchor":[0,1,1,1]'), 'an anchor has exactly three items'),
    reject('edge-anchor-file-string', R, X('{"t":"x","k":0,"f":0,"o":1,"p":0,"anchor":["x",1,1]}'), 'an anchor file ref is an index'),
    accept('edge-anchor-end-past-2-53', ['CG-INT-5', 'R-C9'], X('{"t":"x","k":0,"f":0,"o":1,"p":0,"anchor":[0,1,9007199254740993]}'), 'an edge anchor whose end line is past 2^53', 'strict'),
    reject('entity-no-index', M, lines(H, F, '{"t":"e","k":0,"tr":[],"m":0,"s":"a"}'), 'an entity without i'),
    reject('entity-no-module', M, lines(H, F, '{"t":"e","i":0,"k":0,"tr":[],"s":"a"}'), 'an entity without m'),
    reject('entity-index-negative', R, lines(H, F, '{"t":"e","i":-1,"k":0,"tr":[],"m":0,"s":"a"}'), 'an entity index is unsigned'),
    reject('entity-name-number', R, lines(H, F, '{"t":"e","i":0,"k":0,"tr":[],"m":0,"s":5}'), 's is a string'),
    reject('entity-d-number-traitless', R, E('[]', '"d":5'), 'd is a string, on an entity with no traits'),
    reject('parent-null', R, E('[0]', '"parent":null'), 'a parent is an entity index, not null'),
    reject('parent-string', R, E('[0]', '"parent":"x"'), 'a parent is an entity index, not a string'),
    reject('named-name-number', R, E('[2]', '"name":5'), 'a name is a string'),
    accept('named-name-string', ['CG-REC-2', 'CG-TRAIT-1'], E('[2]', '"name":"x"'), 'a named entity with its name', 'strict'),
    reject('named-name-1025-digits', R, E('[2]', `"name":${big}`), 'a name that is a number of 1,025 digits: the wrong type, whatever its length'),
    accept('empty-member-name-1025-digits', ['JSON-LIMIT-1', 'CG-REC-1'], E('[]', `"":${big}`), 'a member no check reads, named "", holding a number of 1,025 digits: passed over', 'strict'),
    reject('metrics-number', R, E('[1]', '"metrics":5'), 'metrics is an object'),
    reject('edge-no-kind', M, X('{"t":"x","f":0,"o":1,"p":0,"anchor":[0,1,1]}'), 'an edge without k'),
    reject('edge-no-from', M, X('{"t":"x","k":0,"o":1,"p":0,"anchor":[0,1,1]}'), 'an edge without f'),
    reject('edge-no-to', M, X('{"t":"x","k":0,"f":0,"p":0,"anchor":[0,1,1]}'), 'an edge without o'),
    reject('edge-kind-negative', R, X(EDGE.replace('"k":0', '"k":-1')), 'an edge kind index is unsigned'),
    reject('edge-provenance-negative', R, X(EDGE.replace('"p":0', '"p":-1')), 'a provenance index is unsigned'),
    reject('edge-source-file-negative', R, X(`${EDGE.slice(0, -1)},"sourceFile":-1}`), 'a source file index is unsigned'),
    reject('edge-arguments-number', R, X(`${EDGE.slice(0, -1)},"arguments":5}`), 'edge arguments are a list'),
    reject('annotation-arguments-number', R, A('5'), 'an annotation literal\'s arguments are a list'),
    reject('annotation-argument-number', R, A('[5]'), 'an argument is an object'),
    reject('annotation-argument-no-name', M, A('[{"value":{"k":"null"}}]'), 'an argument without its name'),
    reject('annotation-argument-name-number', R, A('[{"name":5,"value":{"k":"null"}}]'), 'an argument name is a string'),
    reject('annotation-argument-no-value', M, A('[{"name":"a"}]'), 'an argument without its value'),
    reject('annotation-argument-unknown-member', 'RECORD_MEMBER_UNKNOWN', A('[{"name":"a","value":{"k":"null"},"z":1}]'), 'an argument is a closed object'),
    reject('literal-number', R, V('5'), 'a Literal is an object'),
    reject('literal-no-kind', M, V('{}'), 'a Literal without k'),
    reject('literal-kind-number', R, V('{"k":5}'), 'a Literal kind is a string'),
    reject('literal-boolean-value-number', R, V('{"k":"boolean","value":5}'), 'a boolean Literal holds true or false'),
    reject('literal-number-value-string', R, V('{"k":"number","value":"x"}'), 'a number Literal holds a number'),
    reject('literal-string-value-number', R, V('{"k":"string","value":5}'), 'a string Literal holds a string'),
    reject('literal-enum-name-number', R, V('{"k":"enum","type":0,"name":5}'), 'an enum Literal names its constant by a string'),
    reject('literal-array-items-number', R, V('{"k":"array","items":5}'), 'an array Literal holds a list'),
    reject('literal-array-second-item-faulty', R, V('{"k":"array","items":[{"k":"class","type":9007199254740993},{"k":"boolean","value":5}]}'), 'the second item of an array Literal is checked after a first whose type ref is past 2^53'),
  ];
}

/**
 * Strings of two- and three-byte characters at the UTF-8 lead bytes' edges (0xC2, 0xDF, 0xEF), long enough
 * that a reader holding part of a line cuts inside them: it must cut at a character's end.
 */
function leadByteEdgeCases(): CaseSpec[] {
  const counts = '{"t":"eof","counts":{"files":0,"entities":0,"edges":0}}\n';
  const header = (kinds: string, opts = '') =>
    `{"t":"header","schemaVersion":"1.0.0","lang":"java","extractor":{"name":"x","version":"1"${opts}},"root":"","dict":{"kinds":[${kinds}],"traits":[],"edges":[],"provenance":[]}}\n`;
  const spec = (name: string, input: string, note: string): CaseSpec => ({ name, op: 'codegraph.read', profile: 'core', requirements: ['R-S1'], input, expect: { verdict: 'accept' }, note });
  return [
    spec('utf8-lead-c2-kinds', header(`"${'\u00a9'.repeat(30)}"`) + counts, 'thirty U+00A9 (lead byte 0xC2, the lowest two-byte lead) in a kind name'),
    spec('utf8-lead-df-kinds', header(`"${'\u07c0'.repeat(30)}"`) + counts, 'thirty U+07C0 (lead byte 0xDF, the highest two-byte lead) in a kind name'),
    spec('utf8-lead-ef-opts', header('', `,"opts":{"q":"${'\uff61'.repeat(30)}"}`) + counts, 'thirty U+FF61 (lead byte 0xEF, the highest three-byte lead) in an extractor option'),
  ];
}

/** Every codegraph golden case, the edit cases kept as data (generators/edit-cases.ts) last. */
/**
 * Strings and Literals at formcert's own reader limits (spec/codegraph, JSON-LIMIT-1 and "Limits on
 * what a line makes the reader keep"). Past a limit the verdict is the reader's own (another reader may
 * set none): `either`, which the mutation harness holds to formcert's documented answer. Strings read for
 * their first characters only count toward no limit: a model with an 8 MiB one is read through to its
 * (deliberately wrong) counts, as any reader reads it, and the counts answer, not a limit.
 */
function readerLimitCases(): CaseSpec[] {
  const traits = ['TChildOf', 'TMetrics', 'TNamed', 'TSourceAnchor', 'TTypedEntity', 'TWithParameters', 'TWithValue'];
  const dict = { kinds: ['p'], traits, edges: ['access'], provenance: ['declared'] };
  const past = (n: number) => 'a'.repeat(n + 1);
  const heldPast = past(READER_LIMITS.MAX_HELD_STRING_BYTES);
  const header = (lang = 'java', name = 'x', version = '1', root = '') =>
    `{"t":"header","schemaVersion":"1.0.0","lang":"${lang}","extractor":{"name":"${name}","version":"${version}"},"root":"${root}","dict":${JSON.stringify(dict)}}`;
  const body = ['{"t":"f","i":0,"path":"a"}', '{"t":"e","i":0,"k":0,"tr":[],"m":0,"s":"a"}'];
  const wrongCounts = EOF(1, 9, 0);
  const readThrough = (name: string, input: string, what: string) =>
    reject(name, 'EOF_COUNT_MISMATCH', input, `${what}: a string read for its first characters only holds no limit, so the reader reads on to the counts, which are wrong`, ['JSON-LIMIT-1']);
  const comparedPast = past(COMPARED_STRING_MAX_BYTES);
  const plainHeader = HEADER({ kinds: ['p'] });
  const either = (name: string, input: string, note: string): CaseSpec => ({ name, op: OP, profile: 'core', requirements: ['JSON-LIMIT-1'], input, expect: { verdict: 'either' }, note });
  const builtPast = Array(57_000).fill(`{"k":"${'Z'.repeat(70)}"}`).join(',');
  const builtUnder = Array(60_000).fill(`{"k":"string","value":"${'a'.repeat(66)}"}`).join(',');
  return [
    readThrough('held-strings-root-past-8-mib', lines(header('java', 'x', '1', heldPast), ...body, wrongCounts), 'a root of 8 MiB + 1 bytes'),
    readThrough('held-strings-lang-past-8-mib', lines(header(heldPast), ...body, wrongCounts), 'a lang of 8 MiB + 1 bytes'),
    readThrough('held-strings-extractor-name-past-8-mib', lines(header('java', heldPast), ...body, wrongCounts), "an extractor's name of 8 MiB + 1 bytes"),
    readThrough('held-strings-extractor-version-past-8-mib', lines(header('java', 'x', heldPast), ...body, wrongCounts), "an extractor's version of 8 MiB + 1 bytes"),
    readThrough('held-strings-literal-value-past-8-mib', lines(header(), body[0]!, `{"t":"e","i":0,"k":0,"tr":[6],"m":0,"s":"a","value":{"k":"string","value":"${heldPast}"}}`, wrongCounts), 'a string Literal of 8 MiB + 1 bytes'),
    readThrough(
      'held-strings-argument-value-past-8-mib',
      lines(header(), body[0]!, body[1]!, '{"t":"e","i":1,"k":0,"tr":[],"m":0,"s":"b"}', `{"t":"x","k":0,"f":0,"o":1,"p":0,"anchor":[0,1,1],"arguments":[{"name":"a","value":{"k":"string","value":"${heldPast}"}}]}`, EOF(1, 2, 9)),
      "an edge argument's string Literal of 8 MiB + 1 bytes",
    ),
    either('compared-string-type-past-1-mib', `{"t":"${comparedPast}"}\n`, 'a record type of 1 MiB + 1 bytes: past formcert\'s compared-string limit (LIMIT_EXCEEDED); a reader without it answers RECORD_TYPE_UNKNOWN'),
    either('compared-string-symbol-past-1-mib', lines(plainHeader, '{"t":"f","i":0,"path":"a"}', `{"t":"e","i":0,"k":0,"tr":[],"m":0,"s":"${comparedPast}"}`, EOF(1, 1, 0)), 'a symbol of 1 MiB + 1 bytes: past formcert\'s compared-string limit; a reader without it accepts'),
    either('compared-string-disambiguator-past-1-mib', lines(plainHeader, '{"t":"f","i":0,"path":"a"}', '{"t":"e","i":0,"k":0,"tr":[],"m":0,"s":"a"}', `{"t":"e","i":1,"k":0,"tr":[],"m":0,"s":"b","d":"${comparedPast}"}`, EOF(1, 2, 0)), 'a disambiguator of 1 MiB + 1 bytes: past formcert\'s compared-string limit; a reader without it accepts'),
    either('compared-string-path-past-1-mib', lines(plainHeader, `{"t":"f","i":0,"path":"${comparedPast}"}`, '{"t":"e","i":0,"k":0,"tr":[],"m":0,"s":"a"}', EOF(1, 1, 0)), 'a file path of 1 MiB + 1 bytes: past formcert\'s compared-string limit; a reader without it accepts'),
    either('compared-string-schema-version-past-1-mib', lines(plainHeader.replace('"1.0.0"', `"${comparedPast}"`), '{"t":"f","i":0,"path":"a"}', '{"t":"e","i":0,"k":0,"tr":[],"m":0,"s":"a"}', EOF(1, 1, 0)), 'a schemaVersion of 1 MiB + 1 bytes: past formcert\'s compared-string limit; a reader without it answers UNSUPPORTED_VERSION'),
    either('compared-string-dictionary-entry-past-1-mib', lines(HEADER({ kinds: ['p', comparedPast] }), '{"t":"f","i":0,"path":"a"}', '{"t":"e","i":0,"k":0,"tr":[],"m":0,"s":"a"}', EOF(1, 1, 0)), 'a kind name of 1 MiB + 1 bytes: past formcert\'s compared-string limit; a reader without it answers DICT_UNSORTED'),
    either('built-bytes-literal-array-past-4-mib', lines(header(), body[0]!, `{"t":"e","i":0,"k":0,"tr":[6],"m":0,"s":"a","value":{"k":"array","items":[${builtPast}]}}`, EOF(1, 1, 0)), 'a Literal array of 57,000 Literals of an unknown 70-character kind, some 4.5 MB: past formcert\'s 4 MiB of built containers (LIMIT_EXCEEDED) before the kinds are judged; a reader without the limit answers LITERAL_KIND_UNKNOWN'),
    readThrough('built-bytes-string-literals-past-4-mib', lines(header(), body[0]!, `{"t":"e","i":0,"k":0,"tr":[6],"m":0,"s":"a","value":{"k":"array","items":[${builtUnder}]}}`, wrongCounts), 'a Literal array of 60,000 string Literals, some 5.5 MB, whose strings are read for their first characters only, so its built containers stay under 4 MiB'),
  ];
}

/**
 * Long lines that the validator drains in pieces (spec/codegraph, memory): an unread member of 2^17 empty
 * objects, the most values an observation of an unread member is built from, and two equal member
 * names of 100,000 characters after a 32,000-byte symbol, compared by their representatives (R-S1).
 */
function drainedLineCases(): CaseSpec[] {
  const head = HEADER({ kinds: ['p'] });
  const withMember = (member: string) => lines(head, `{"t":"e","i":0,"k":0,"tr":[],"m":0,"s":"m",${member}}`, EOF(0, 1, 0));
  const cycle = (n: number) => Array.from({ length: n }, (_, i) => String.fromCharCode(97 + ((i * 7) % 26))).join('');
  const longName = `x-${cycle(100_000)}`;
  const files = Array.from({ length: 20_000 }, (_, i) => `{"t":"f","i":${i},"path":"${String(i).padStart(6, '0')}"}`);
  return [
    accept('twenty-thousand-file-records', ['CG-FILE-1'], lines(head, ...files, EOF(20_000, 0, 0)), 'a model of 20,000 short file records (709 KB): lines are read one after another, however many'),
    accept('unread-array-of-2-17-empty-objects', ['CG-TRAIT-1'], withMember(`"zz":[${Array(1 << 17).fill('{}').join(',')}]`), 'an unread member holding 131,072 empty objects, 393 KB: read and observed whole'),
    reject(
      'long-duplicate-names-after-a-long-symbol',
      'JSON_DUPLICATE_MEMBER',
      lines(head, `{"t":"e","i":0,"k":0,"tr":[],"m":0,"s":"${'a'.repeat(32_000)}"}`, `{"t":"e","i":1,"k":0,"tr":[],"m":1,"s":"b","${longName}":1,"${longName}":2}`, EOF(0, 2, 0)),
      'a record naming one member of 100,002 characters twice, after a line with a 32,000-byte symbol',
    ),
  ];
}

/**
 * Inputs that tell the line scanner's shortcuts from the rules, found by mutation testing of scan-json.ts
 * (each kills a mutant that the other vectors let pass). Names that spell what a reader might hold for
 * another name — a long name's shortened form (its first units and the SHA-256 of all of them), the
 * digest alone, a 64-unit name's tail — are distinct names under R-S1, so a reader that holds long names
 * in a shorter form (spec/codegraph, Reading) must keep that form apart from every name written out; a
 * name spelled through an escape before its plain spelling is the same name; index arrays (tr, anchor, …)
 * that the fast path must leave to the general grammar; strings read for their first characters only
 * that start with an escape; an object closed by the wrong bracket; unknown members named like
 * dictionary members.
 */
function scannerFindingCases(): CaseSpec[] {
  const model = (extra: string) => lines(HEADER({ kinds: ['p'] }), `{"t":"e","i":0,"k":0,"tr":[],"m":0,"s":"a"${extra}}`, EOF(0, 1, 0));
  const long = `${'n'.repeat(70)}\u00e9`;
  const digest = createHash('sha256').update(long, 'utf16le').digest('base64url');
  // Members enough before the pair that a reader dropping the middle of a long line drops the first of it.
  const filler = Array.from({ length: 40 }, (_, j) => `"f${j}":${j}`).join(',');
  const tail = 'z'.repeat(42);
  return [
    // Index arrays have a fast path that must give up, not decide, on anything but `[n,n,…]`.
    reject('index-array-of-two-empty-items', 'JSON_SYNTAX', lines(HEADER({ kinds: ['p'] }), '{"t":"e","i":0,"k":0,"tr":[,],"m":0,"s":"a"}', EOF(0, 1, 0)), 'tr holding two empty items: a syntax fault (R-S1), not the indices [0, 0]'),
    accept('index-array-space-before-bracket', ['R-C1', 'CG-TRAIT-1'], lines(HEADER({ kinds: ['p'], traits: ['TComment'] }), '{"t":"e","i":0,"k":0,"tr":[0 ],"m":0,"s":"a","comment":"c"}', EOF(0, 1, 0)), "a space between tr's last index and its ']' is JSON whitespace"),
    // Strings the checks read for their first characters only (an extractor's name and version, a Literal's k and
    // value), each starting with an escape: the characters are counted as decoded (an escaped pair is one).
    accept('extractor-strings-starting-with-escapes', ['R-C2', 'CG-HDR-1'], lines('{"t":"header","schemaVersion":"1.0.0","lang":"java","extractor":{"name":"\\u0078","version":"\\ud83d\\ude00"},"root":"","dict":{"kinds":[],"traits":[],"edges":[],"provenance":[]}}', EOF(0, 0, 0)), "an extractor's name written as an escape and its version as an escaped surrogate pair: both non-empty"),
    accept('literal-kind-and-value-starting-with-escapes', ['R-C8'], lines(HEADER({ kinds: ['p'], traits: ['TWithValue'] }), '{"t":"e","i":0,"k":0,"tr":[0],"m":0,"s":"a","value":{"k":"\\u0073tring","value":"\\u00e9"}}', EOF(0, 1, 0)), "a Literal's kind spelled with an escape (string) and its value an escaped character"),
    reject('nested-object-closed-by-bracket', 'JSON_SYNTAX', lines(HEADER({}), '{"t":"f","i":0,"path":"a","x-n":{"a":1]}', EOF(1, 0, 0)), "an object inside a record closed by ']': a syntax fault, before the unknown member (R-S1 order)"),
    reject('escaped-i-then-plain-i', 'JSON_DUPLICATE_MEMBER', lines(HEADER({}), '{"t":"f","\\u0069":0,"i":0,"path":"a"}', EOF(1, 0, 0)), 'a record member spelled through an escape, then plainly: one name twice (R-S1)'),
    // A record member named like a dictionary's or a count's member (which no record has at its top level).
    reject('record-member-named-kinds', 'RECORD_MEMBER_UNKNOWN', lines(HEADER({}), '{"t":"f","i":0,"path":"a","kinds":[]}', EOF(1, 0, 0)), 'kinds is a member of the header dictionary, not of a file record: unknown there (R-C2); no duplicate of t'),
    reject('record-member-named-traits-twice', 'JSON_DUPLICATE_MEMBER', lines(HEADER({}), '{"t":"f","i":0,"path":"a","traits":[],"traits":[]}', EOF(1, 0, 0)), 'an unknown member named twice: the duplicate comes first (R-S1)'),
    reject('escaped-t-then-plain-t', 'JSON_DUPLICATE_MEMBER', lines(HEADER({}), '{"\\u0074":"f","t":"f","i":0,"path":"a"}', EOF(1, 0, 0)), 'the record tag spelled through an escape, then plainly: one name twice (R-S1)'),
    accept('name-spelling-long-name-prefix-and-digest', ['R-S1'], model(`,"x-map":{"${long}":0,"${long.slice(0, 21)}${digest}":1}`), 'a 71-unit name and a 64-unit name made of its first 21 units and its SHA-256 (base64url): distinct names'),
    accept('name-spelling-long-name-prefix-mark-and-digest', ['R-S1'], model(`,"x-map":{"${long}":0,"${long.slice(0, 19)}\u00b7${digest}":1}`), "a 71-unit name and a 63-unit name made of its first 19 units, '·' and its SHA-256: distinct names"),
    accept('name-spelling-long-name-digest-first', ['R-S1'], model(`,"x-map":{"${digest}":0,${filler},"${long}":1}`), 'a name that is the SHA-256 of a later long name, 40 members before it: distinct names'),
    accept('names-of-64-units-sharing-their-tail', ['R-S1'], model(`,"x-map":{"${'a'.repeat(22)}${tail}":0,${filler},"${'b'.repeat(22)}${tail}":1}`), 'two 64-unit names equal past their first 22 units, 40 members apart: distinct names'),
  ];
}

export function goldenCases(): CaseSpec[] {
  return [...recipes(), ...anchorOrderCases(), ...longRunCases(), ...scannerFindingCases(), ...recordMemberCases(), ...recordSchemaCases(), ...integrityCases(), ...mutatedBase(), ...seeded(), ...leadByteEdgeCases(), ...readerLimitCases(), ...drainedLineCases(), ...loadEditCases('codegraph')];
}
