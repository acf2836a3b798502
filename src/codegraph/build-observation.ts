/**
 * Builds the `codegraph.read` observation (spec/protocol): every surrogate and dictionary index
 * resolved to natural keys, paths and names; lexemes kept. Entity refs inside the entity section may
 * point forward, so entity attributes are resolved once the whole entity section is known.
 */
import { JSON_CODES } from '../shared/json/constants.ts';
import { parseJson } from '../shared/json/parse-value.ts';
import { JsonNumber, type JsonArray, type JsonObject, type JsonValue } from '../shared/json/value.ts';
import { compareUtf16 } from '../shared/text.ts';
import { integralValueOf, type CheckContext } from './check-context.ts';
import { ENTITY_CORE_MEMBERS, TRAIT_KEYS, type TraitValueShape } from './constants.ts';
import type { RecordObserver } from './read-model.ts';
import type { Dictionaries, ModelRecord } from './records.ts';
import type { ScannedMembers } from './scan-json.ts';
import { TRAIT_KEY_INDEX } from './validate-record-schema.ts';

interface PendingEntity {
  readonly key: JsonArray;
  readonly kind: string;
  readonly traits: string[];
  /** Members other than t, i, k, tr, m, s, d, in line order, with the R-C4 shape of trait keys. */
  readonly members: [string, JsonValue, TraitValueShape | undefined][];
}

const ENTITY_CORE: ReadonlySet<string> = new Set(ENTITY_CORE_MEMBERS);

/** The exact index a JsonNumber names (already validated by the reader). */
function indexOf(v: JsonValue): number {
  return Number(integralValueOf((v as JsonNumber).lexeme));
}

/** Collects accepted records into the observation; `observe` is the reader's RecordObserver. */
export class ObservationBuilder {
  private header: JsonObject | undefined;
  private dict: Dictionaries | undefined;
  private readonly files: string[] = [];
  private readonly keys: JsonArray[] = [];
  private readonly moduleKeyPath = new Map<number, string>();
  private readonly pending: PendingEntity[] = [];
  private entities: JsonValue[] | undefined;
  private readonly edges: JsonValue[] = [];

  readonly observe: RecordObserver = (rec, members, ctx) => this.add(rec, members, ctx);

  private span(members: ScannedMembers, name: string, ctx: CheckContext): JsonValue {
    for (let j = 0; j < members.count; j++) {
      if (members.names[j] === name) return this.parseSpan(members, j, ctx);
    }
    return null;
  }

  private parseSpan(members: ScannedMembers, j: number, ctx: CheckContext): JsonValue {
    // R-S1 (strict): the reader refused a duplicate member or a lone surrogate escape anywhere in the line;
    // under core it read past them (the later duplicate wins), so the value is re-read as core reads it.
    const tolerant = !ctx.enforces(JSON_CODES.DUPLICATE_MEMBER);
    const parsed = parseJson(ctx.lineBuffer.subarray(members.starts[j]!, members.ends[j]!), { tolerant });
    // The reader has already accepted these bytes; a refusal here would be a reader bug.
    if (!parsed.ok) throw new Error(`observation: re-parse failed: ${parsed.error.code}`);
    return parsed.value;
  }

  private add(rec: ModelRecord, members: ScannedMembers, ctx: CheckContext): void {
    switch (rec.type) {
      case 'header': {
        const h: JsonObject = new Map();
        h.set('schemaVersion', rec.schemaVersion);
        h.set('lang', rec.lang);
        h.set('extractor', this.span(members, 'extractor', ctx));
        h.set('root', rec.root);
        if (rec.hasRepository) h.set('repository', this.span(members, 'repository', ctx));
        this.header = h;
        this.dict = rec.dict;
        return;
      }
      case 'f':
        this.files.push(rec.path);
        return;
      case 'e': {
        const dict = this.dict!;
        if (rec.m === rec.i) this.moduleKeyPath.set(rec.i, rec.s);
        const key: JsonArray = [this.moduleKeyPath.get(rec.m)!, rec.s, rec.d ?? null];
        this.keys.push(key);
        const traits = rec.tr.map((n) => dict.traits[n]!).sort(compareUtf16);
        const out: PendingEntity['members'] = [];
        for (let j = 0; j < members.count; j++) {
          const name = members.names[j]!;
          if (ENTITY_CORE.has(name)) continue;
          const tk = TRAIT_KEY_INDEX.get(name);
          const value = this.parseSpan(members, j, ctx);
          // Core profile reads `declaredType: null` as absent.
          if (tk !== undefined && value === null) continue;
          out.push([name, value, tk === undefined ? undefined : TRAIT_KEYS[tk]!.shape]);
        }
        this.pending.push({ key, kind: dict.kinds[rec.k]!, traits, members: out });
        return;
      }
      case 'x': {
        this.resolveEntities();
        const dict = this.dict!;
        const edge: JsonObject = new Map();
        edge.set('kind', dict.edges[rec.k]!);
        edge.set('from', this.keys[rec.f]!);
        edge.set('to', this.keys[rec.o]!);
        edge.set('provenance', dict.provenance[rec.p]!);
        const anchor = this.span(members, 'anchor', ctx) as JsonArray;
        edge.set('anchor', [this.files[rec.anchor[0]]!, anchor[1]!, anchor[2]!]);
        if (rec.sourceFile !== undefined) edge.set('sourceFile', this.files[rec.sourceFile]!);
        if (rec.arguments !== undefined) edge.set('arguments', this.resolveLiteral(this.span(members, 'arguments', ctx), true));
        this.edges.push(edge);
        return;
      }
      default:
        this.resolveEntities();
    }
  }

  /** Replaces the `type` refs of a Literal tree (or NamedArgument array) with entity keys, iteratively. */
  private resolveLiteral(root: JsonValue, isArguments: boolean): JsonValue {
    const stack: [JsonValue, boolean][] = [[root, isArguments]];
    while (stack.length > 0) {
      const [v, args] = stack.pop()!;
      if (args) {
        for (const arg of v as JsonArray) stack.push([(arg as JsonObject).get('value')!, false]);
        continue;
      }
      const lit = v as JsonObject;
      const type = lit.get('type');
      if (type instanceof JsonNumber) lit.set('type', this.keys[indexOf(type)]!);
      const kind = lit.get('k');
      if (kind === 'array') for (const item of lit.get('items') as JsonArray) stack.push([item, false]);
      if (kind === 'annotation') stack.push([lit.get('arguments')!, true]);
    }
    return root;
  }

  private resolveValue(value: JsonValue, shape: TraitValueShape | undefined): JsonValue {
    switch (shape) {
      case 'entityRef':
        return this.keys[indexOf(value)]!;
      case 'entityRefs':
        return (value as JsonArray).map((r) => this.keys[indexOf(r)]!);
      case 'fileRefs':
        return (value as JsonArray).map((r) => this.files[indexOf(r)]!);
      case 'anchor': {
        const a = value as JsonArray;
        return [this.files[indexOf(a[0]!)]!, a[1]!, a[2]!];
      }
      case 'literal':
        return this.resolveLiteral(value, false);
      default:
        return value;
    }
  }

  private resolveEntities(): void {
    if (this.entities !== undefined) return;
    this.entities = this.pending.map((p) => {
      const attrs: JsonObject = new Map();
      for (const [name, value, shape] of p.members) attrs.set(name, this.resolveValue(value, shape));
      return new Map<string, JsonValue>([
        ['key', p.key],
        ['kind', p.kind],
        ['traits', p.traits],
        ['attrs', attrs],
      ]);
    });
    this.pending.length = 0;
  }

  /** The finished observation (call after a successful read). */
  result(): JsonValue {
    this.resolveEntities();
    const obs: JsonObject = new Map(this.header!);
    obs.set('files', this.files);
    obs.set('entities', this.entities!);
    obs.set('edges', this.edges);
    return obs;
  }
}
