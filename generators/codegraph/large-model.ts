/**
 * Streams a valid, canonical model of any size to a file without holding it in memory: names are
 * zero-padded so that generation order is canonical order, edges of one source are sorted locally,
 * and the counts are known up front. Used by `npm run gen:model` and the benchmark.
 */
import { closeSync, openSync, writeSync } from 'node:fs';

/** Options of {@link writeLargeModel}. */
export interface LargeModelOptions {
  /** Number of e records (modules included). */
  readonly entities: number;
  /** Edges per entity, on average (default 2). */
  readonly edgesPerEntity?: number;
  /** Varies names and choices (default 1). */
  readonly seed?: number;
}

/** Exactly the traits used, so that the output is what the canonical writer produces (CG-WRITE-1). */
const TRAITS = ['TChildOf', 'TComment', 'TInvocable', 'TMetrics', 'TModule', 'TNamed', 'TSourceAnchor', 'TTypedEntity', 'TWithLocalVariables', 'TWithParameters', 'TWithValue'];
const KINDS = ['class', 'method', 'package', 'parameter'];
const EDGES = ['access', 'invocation', 'reference'];
const MEMBERS_PER_MODULE = 1000;
const FLUSH_BYTES = 1 << 22;

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Writes the model to `path`; returns the counts written. */
export function writeLargeModel(path: string, options: LargeModelOptions): { files: number; entities: number; edges: number; bytes: number } {
  const total = Math.max(1, Math.floor(options.entities));
  const seed = options.seed ?? 1;
  const perEntity = options.edgesPerEntity ?? 2;
  const modules = Math.ceil(total / (MEMBERS_PER_MODULE + 1));
  const files = Math.max(1, Math.ceil(total / 200));
  const fd = openSync(path, 'w');
  let out = '';
  let bytes = 0;
  const emit = (line: string) => {
    out += line + '\n';
    if (out.length >= FLUSH_BYTES) {
      bytes += writeSync(fd, out);
      out = '';
    }
  };
  try {
    emit(
      JSON.stringify({
        t: 'header',
        schemaVersion: '1.0.0',
        lang: 'java',
        extractor: { name: 'formcert-gen-model', version: '1', seed },
        root: 'src',
        dict: { kinds: KINDS, traits: TRAITS, edges: EDGES, provenance: ['declared', 'derived'] },
      }),
    );
    const fw = String(files).length;
    for (let f = 0; f < files; f++) emit(`{"t":"f","i":${f},"path":"src/p${pad(Math.floor(f / 100), fw)}/F${pad(f, fw)}.java"}`);
    // Entities: module k is followed by its members; both zero-padded so that order is canonical.
    const mw = String(modules).length;
    let i = 0;
    let edges = 0;
    const perModule: number[] = [];
    for (let k = 0; k < modules && i < total; k++) {
      const moduleIndex = i;
      emit(`{"t":"e","i":${i},"k":2,"tr":[4],"m":${i},"s":"com.acme.m${pad(k, mw)}","definedIn":[${k % files}]}`);
      i++;
      let members = 0;
      for (let j = 0; j < MEMBERS_PER_MODULE && i < total; j++, i++, members++) {
        const file = (i * 31 + seed) % files;
        const start = 1 + ((i * 7) % 900);
        const next = i + 1 < total ? i + 1 : moduleIndex;
        const symbol = `Type${pad(j, 4)}.m(java.lang.String)`;
        const d = j % 5 === 0 ? ',"d":"1"' : '';
        if (j % 3 === 0) {
          // A method: TChildOf, TInvocable, TMetrics, TNamed, TSourceAnchor, TWithLocalVariables, TWithParameters.
          emit(
            `{"t":"e","i":${i},"k":1,"tr":[0,2,3,5,6,8,9],"m":${moduleIndex},"s":"${symbol}"${d},"signature":"m(java.lang.String)","parent":${moduleIndex},"parameters":[${next}],"localVariables":[],"metrics":{"cyclomatic":${1 + (i % 9)},"sloc":${4 + (i % 50)}},"name":"m${j}","anchor":[${file},${start},${start + 3}]}`,
          );
        } else if (j % 3 === 1) {
          emit(`{"t":"e","i":${i},"k":3,"tr":[0,5,7],"m":${moduleIndex},"s":"${symbol}"${d},"parent":${moduleIndex},"name":"p${j}","declaredType":${next}}`);
        } else {
          emit(
            `{"t":"e","i":${i},"k":0,"tr":[0,1,5,10],"m":${moduleIndex},"s":"${symbol}"${d},"parent":${moduleIndex},"comment":"Größe é 😀","name":"C${j}","value":{"k":"annotation","type":${moduleIndex},"arguments":[{"name":"value","value":{"k":"enum","type":${next},"name":"RUNTIME"}}]}}`,
          );
        }
      }
      perModule.push(members);
    }
    const entities = i;
    // Edges: for each source in order, a few targets sorted locally by (o, k, file, start, end, p).
    const targets: [number, number, number, number][] = [];
    for (let f = 0; f < entities; f++) {
      targets.length = 0;
      const n = (f + seed) % (2 * perEntity + 1);
      for (let q = 0; q < n; q++) {
        let o = (f * 7919 + q * 104729 + seed) % entities;
        if (o === f) o = (o + 1) % entities;
        if (o === f) continue;
        targets.push([o, q % EDGES.length, (f + q) % files, 1 + ((f + q) % 500)]);
      }
      targets.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2] || a[3] - b[3]);
      for (const [o, k, file, line] of targets) {
        emit(`{"t":"x","k":${k},"f":${f},"o":${o},"p":${k === 1 ? 0 : 1},"anchor":[${file},${line},${line}]}`);
        edges++;
      }
    }
    emit(`{"t":"eof","counts":{"files":${files},"entities":${entities},"edges":${edges}}}`);
    bytes += writeSync(fd, out);
    out = '';
    return { files, entities, edges, bytes };
  } finally {
    closeSync(fd);
  }
}
