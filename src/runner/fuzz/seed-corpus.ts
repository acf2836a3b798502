/**
 * The seed corpus of one op: the inputs fuzzing starts from and mutates. It gathers the golden
 * vectors of the op, the cases of the format's case source (generators/<format>/golden-cases.ts)
 * and a few built-in minimal inputs, so that fuzzing works before golden/ is regenerated.
 * Accepted inputs come first, smallest first, so that shrinking moves towards a small valid base.
 */
import { caseId } from '../../shared/vectors.ts';
import type { OpName } from '../../shared/ops.ts';
import { registryOf } from '../format-registries.ts';
import { loadVectors } from '../vectors/load-vectors.ts';

/** One corpus input and whether its source declared it valid. */
export interface CorpusEntry {
  readonly input: Uint8Array;
  readonly valid: boolean;
}

/** Minimal valid inputs per op, used when nothing else provides one. */
const BUILT_IN_SEEDS: Partial<Record<OpName, readonly string[]>> = {
  'journal.read': [
    '{"schema":3,"generation":0,"origin":0}\n',
    '{"schema":3,"generation":0,"origin":0}\n{"group":1,"first":1,"frontier":2,"entries":[{"position":1,"kind":"Transaction","id":"ledger.deposit","version":1,"metadata":{"principal":"alice","correlation":1,"causation":null,"request":"r-1","link":null,"at_us":1700000000000000},"payload":{"amount":40}},{"position":2,"kind":"Record","id":"harmos:work/svc/noted","version":1,"metadata":{"principal":"alice","correlation":1,"causation":1,"request":null,"link":null,"at_us":1700000000000000},"payload":[1,2,255]}]}\n{"position":3,"kind":"Transaction","id":"ledger.undo","version":2,"metadata":{"principal":null,"correlation":3,"causation":2,"request":null,"link":{"UndoOf":1},"at_us":-5},"payload":null}\n',
    '{"schema":2,"generation":1,"origin":1}\n{"position":1,"kind":"Transaction","id":"a","version":1,"metadata":{"principal":null,"correlation":1,"causation":null,"request":null,"link":null,"at_us":0},"payload":1.0}\n{"position":2,"kind":"Transaction","id":"b","version":1,"metadata":{"principal":null,"correlation":2,"causation":1,"request":null,"link":{"RedoOf":1},"at_us":0},"payload":{}}',
  ],
  'codegraph.read': [
    '{"t":"header","schemaVersion":"1.0.0","lang":"java","extractor":{"name":"x","version":"1"},"root":"src","dict":{"kinds":["class","method","package"],"traits":["TChildOf","TNamed","TSourceAnchor","TTypedEntity","TWithValue"],"edges":["invocation","reference"],"provenance":["declared","derived"]}}\n' +
      '{"t":"f","i":0,"path":"a/B.java"}\n{"t":"f","i":1,"path":"a/C.java"}\n' +
      '{"t":"e","i":0,"k":2,"tr":[],"m":0,"s":"a"}\n' +
      '{"t":"e","i":1,"k":0,"tr":[1,2],"m":0,"s":"B","name":"B","anchor":[0,1,9]}\n' +
      '{"t":"e","i":2,"k":1,"tr":[0,1,3],"m":0,"s":"B.f()","parent":1,"name":"f","declaredType":1}\n' +
      '{"t":"e","i":3,"k":1,"tr":[0,4],"m":0,"s":"B.f()","d":"2","parent":1,"value":{"k":"enum","type":1,"name":"X"}}\n' +
      '{"t":"x","k":0,"f":2,"o":3,"p":0,"anchor":[0,2,2]}\n{"t":"x","k":1,"f":3,"o":1,"p":1,"anchor":[1,1,1],"sourceFile":1,"arguments":[{"name":"v","value":{"k":"number","value":1.0}}]}\n' +
      '{"t":"eof","counts":{"files":2,"entities":4,"edges":2}}\n',
    // Every trait key and Literal kind, two modules, UTF-16 versus code-point order, repeated edge keys.
    [
      "{\"t\":\"header\",\"schemaVersion\":\"1.0.0\",\"lang\":\"java\",\"extractor\":{\"name\":\"x\",\"version\":\"2\",\"noClasspath\":true},\"root\":\"src\",\"repository\":{\"url\":\"u\",\"rev\":1.0},\"dict\":{\"kinds\":[\"class\",\"field\",\"method\",\"package\"],\"traits\":[\"TChildOf\",\"TComment\",\"TInvocable\",\"TMetrics\",\"TModule\",\"TNamed\",\"TSourceAnchor\",\"TStructural\",\"TType\",\"TTypedEntity\",\"TWithAccesses\",\"TWithChildren\",\"TWithImplements\",\"TWithInheritances\",\"TWithInvocations\",\"TWithLocalVariables\",\"TWithParameters\",\"TWithValue\"],\"edges\":[\"annotationUse\",\"invocation\",\"reference\"],\"provenance\":[\"declared\",\"derived\"]}}",
      "{\"t\":\"f\",\"i\":0,\"path\":\"a/B.java\"}",
      "{\"t\":\"f\",\"i\":1,\"path\":\"a/Z.java\"}",
      "{\"t\":\"f\",\"i\":2,\"path\":\"b/C.java\"}",
      "{\"t\":\"e\",\"i\":0,\"k\":3,\"tr\":[4,11],\"m\":0,\"s\":\"a\",\"definedIn\":[0,1,0]}",
      "{\"t\":\"e\",\"i\":1,\"k\":0,\"tr\":[5,6,1,3,8,11,12],\"m\":0,\"s\":\"B\",\"name\":\"B\",\"anchor\":[0,1,20],\"comment\":\"doc\",\"metrics\":{\"sloc\":20,\"cyclomatic\":3},\"typeParameters\":[]}",
      "{\"t\":\"e\",\"i\":2,\"k\":2,\"tr\":[0,2,16,15,14,9],\"m\":0,\"s\":\"B.f(int)\",\"parent\":1,\"signature\":\"f(int)\",\"parameters\":[3],\"localVariables\":[],\"declaredType\":6}",
      "{\"t\":\"e\",\"i\":3,\"k\":1,\"tr\":[0,5,17],\"m\":0,\"s\":\"B.f(int)\",\"d\":\"p0\",\"parent\":2,\"name\":\"x\",\"value\":{\"k\":\"number\",\"value\":1.0}}",
      "{\"t\":\"e\",\"i\":4,\"k\":0,\"tr\":[],\"m\":0,\"s\":\"B𐀀\"}",
      "{\"t\":\"e\",\"i\":5,\"k\":0,\"tr\":[17],\"m\":0,\"s\":\"B｡\",\"value\":{\"k\":\"annotation\",\"type\":1,\"arguments\":[{\"name\":\"v\",\"value\":{\"k\":\"array\",\"items\":[{\"k\":\"enum\",\"type\":4,\"name\":\"E\"},{\"k\":\"class\",\"type\":5},{\"k\":\"boolean\",\"value\":true},{\"k\":\"string\",\"value\":\"s\"},{\"k\":\"null\"}]}}]}}",
      "{\"t\":\"e\",\"i\":6,\"k\":3,\"tr\":[],\"m\":6,\"s\":\"b\"}",
      "{\"t\":\"e\",\"i\":7,\"k\":0,\"tr\":[13],\"m\":6,\"s\":\"C\",\"x-note\":\"free\"}",
      "{\"t\":\"x\",\"k\":1,\"f\":1,\"o\":2,\"p\":0,\"anchor\":[0,2,2]}",
      "{\"t\":\"x\",\"k\":2,\"f\":2,\"o\":1,\"p\":1,\"anchor\":[0,3,3],\"sourceFile\":0}",
      "{\"t\":\"x\",\"k\":2,\"f\":2,\"o\":1,\"p\":1,\"anchor\":[0,3,4]}",
      "{\"t\":\"x\",\"k\":0,\"f\":5,\"o\":1,\"p\":0,\"anchor\":[1,1,1],\"arguments\":[{\"name\":\"value\",\"value\":{\"k\":\"enum\",\"type\":4,\"name\":\"RUNTIME\"}}]}",
      "{\"t\":\"x\",\"k\":2,\"f\":7,\"o\":0,\"p\":0,\"anchor\":[2,5,9]}",
      "{\"t\":\"eof\",\"counts\":{\"files\":3,\"entities\":8,\"edges\":5}}",
    ].join('\n') + '\n',
    // The default package (empty module path), blank lines anywhere, a final blank line without LF.
    "{\"t\":\"header\",\"schemaVersion\":\"1.0.0\",\"lang\":\"py\",\"extractor\":{\"name\":\"y\",\"version\":\"0\"},\"root\":\"\",\"dict\":{\"kinds\":[\"module\"],\"traits\":[],\"edges\":[],\"provenance\":[]}}\n \t\n{\"t\":\"e\",\"i\":0,\"k\":0,\"tr\":[],\"m\":0,\"s\":\"\"}\n\n{\"t\":\"e\",\"i\":1,\"k\":0,\"tr\":[],\"m\":0,\"s\":\"\",\"d\":\"x\"}\n{\"t\":\"eof\",\"counts\":{\"files\":0,\"entities\":2,\"edges\":0}}\n  ",
  ],
  'journal.track-key': ['["run_7","probe_1"]', '[]'],
  'journal.append': [
    '{"journal":"eyJzY2hlbWEiOjMsImdlbmVyYXRpb24iOjAsIm9yaWdpbiI6MH0K","group":[{"position":1,"kind":"Transaction","id":"a","version":1,"metadata":{"principal":null,"correlation":1,"causation":null,"request":null,"link":null,"at_us":0},"payload":null}]}',
  ],
  'morph.c14n': ['{"b":[1.0,true,null],"a":"x"}'],
  'morph.encode': [
    ...['json-compact', 'json-lines', 'columns-json', 'path-value'].map((e) => encodeRequest(e, '1', {})),
    encodeRequest('rows-delimited', '1', { delimiter: ',' }),
    encodeRequest('toon', '4.1.1', { delimiter: ',' }),
  ],
};

function encodeRequest(encoding: string, formatVersion: string, options: object): string {
  const input = '[{"a":1,"b":"x\\ty"},{"a":-2.5,"b":null}]';
  return JSON.stringify({ input, plan: { encoding, formatVersion, options }, guide: null });
}

/** A source of corpus inputs (golden vectors, case sources) for `op`. */
export type CorpusSource = (op: OpName) => Promise<CorpusEntry[]>;

/** Golden vectors of the op found under `dir`; a directory that cannot be loaded is an error, never an empty corpus. */
export function goldenCorpus(dir?: string): CorpusSource {
  return async (op) => {
    const vectors = await loadVectors(dir);
    return vectors.filter((v) => v.op === op).map((v) => ({ input: v.input, valid: v.expect.verdict === 'accept' }));
  };
}

/** The cases of the op's format's case source (declared by its registry). */
export function caseSourceCorpus(): CorpusSource {
  return async (op) => {
    const out: CorpusEntry[] = [];
    for (const c of registryOf(op)?.caseSource.goldenCases() ?? []) {
      if (c.op !== op) continue;
      const input = typeof c.input === 'string' ? new Uint8Array(Buffer.from(c.input, 'utf8')) : c.input;
      out.push({ input, valid: c.expect.verdict === 'accept' });
    }
    return out;
  };
}

/** The built-in minimal inputs of the op. */
export function builtInCorpus(): CorpusSource {
  return async (op) => (BUILT_IN_SEEDS[op] ?? []).map((s) => ({ input: new Uint8Array(Buffer.from(s, 'utf8')), valid: true }));
}

/** morph.decode inputs made by the oracle's own encoder from the built-in encode requests. */
export function encodedBundleCorpus(): CorpusSource {
  return async (op) => {
    if (op !== 'morph.decode') return [];
    const encode = registryOf('morph.encode')?.ops['morph.encode'];
    const out: CorpusEntry[] = [];
    for (const request of BUILT_IN_SEEDS['morph.encode'] ?? []) {
      const outcome = await encode!(new Uint8Array(Buffer.from(request, 'utf8')));
      if (!('accept' in outcome) || !outcome.accept || !(outcome.observation instanceof Map)) continue;
      const bundle = outcome.observation.get('bundle');
      if (typeof bundle === 'string') out.push({ input: new Uint8Array(Buffer.from(bundle, 'utf8')), valid: true });
    }
    return out;
  };
}

/** Inputs over this size are left out of the corpus: fuzzing wants many small cases. */
export const MAX_CORPUS_INPUT_BYTES = 64 * 1024;

/** Gathers, de-duplicates and orders the corpus of `op` (valid first, then by size, then by id). */
export async function buildSeedCorpus(op: OpName, sources: readonly CorpusSource[]): Promise<CorpusEntry[]> {
  const byId = new Map<string, CorpusEntry>();
  for (const source of sources) {
    for (const entry of await source(op)) {
      if (entry.input.length > MAX_CORPUS_INPUT_BYTES) continue;
      const id = caseId(op, entry.input);
      const seen = byId.get(id);
      if (!seen || (entry.valid && !seen.valid)) byId.set(id, entry);
    }
  }
  return [...byId.entries()]
    .sort(([ia, a], [ib, b]) => Number(b.valid) - Number(a.valid) || a.input.length - b.input.length || (ia < ib ? -1 : ia > ib ? 1 : 0))
    .map(([, e]) => e);
}
