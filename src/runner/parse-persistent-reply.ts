/** Reads the JSON lines of the persistent protocol (spec/protocol, persistent mode): handshake and run replies. */
import { parseJson } from '../shared/json/parse-value.ts';
import { isJsonObject, JsonNumber, type JsonObject, type JsonValue } from '../shared/json/value.ts';
import type { ImplementationInfo, OpDeclaration, TesteeReply } from './testee-reply.ts';

/** The protocol version this runner speaks. */
export const PROTOCOL_VERSION = 1;

/** What a testee says in answer to `start`. */
export interface Handshake {
  readonly implementation: ImplementationInfo;
  readonly ops: ReadonlyMap<string, OpDeclaration>;
}

/** A parsed reply line, or why it breaks the protocol. */
export type ParsedLine<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: string };

function parseObject(line: Uint8Array): ParsedLine<JsonObject> {
  const parsed = parseJson(line);
  if (!parsed.ok) return { ok: false, problem: `reply is not JSON (${parsed.error.code}): ${preview(line)}` };
  if (!isJsonObject(parsed.value)) return { ok: false, problem: `reply is not a JSON object: ${preview(line)}` };
  return { ok: true, value: parsed.value };
}

function preview(line: Uint8Array): string {
  const text = Buffer.from(line.subarray(0, 120)).toString('utf8');
  return JSON.stringify(line.length > 120 ? text + '…' : text);
}

function optionalString(v: JsonValue | undefined): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

/** Reads the `start` reply: protocol 1, an implementation, and the declared ops. */
export function parseHandshake(line: Uint8Array): ParsedLine<Handshake> {
  const obj = parseObject(line);
  if (!obj.ok) return obj;
  const protocol = obj.value.get('protocol');
  if (!(protocol instanceof JsonNumber) || protocol.lexeme !== String(PROTOCOL_VERSION)) {
    return { ok: false, problem: `testee speaks protocol ${protocol === undefined ? '(none)' : JSON.stringify(protocol)}; this runner speaks ${PROTOCOL_VERSION}` };
  }
  const impl = obj.value.get('implementation');
  if (!isJsonObject(impl) || typeof impl.get('name') !== 'string') {
    return { ok: false, problem: 'start reply lacks "implementation": {"name": …}' };
  }
  const ops = obj.value.get('ops');
  if (!isJsonObject(ops)) return { ok: false, problem: 'start reply lacks an "ops" object' };
  const declared = new Map<string, OpDeclaration>();
  for (const [op, decl] of ops) declared.set(op, { observe: isJsonObject(decl) && decl.get('observe') === true });
  const implementation: ImplementationInfo = {
    name: impl.get('name') as string,
    version: optionalString(impl.get('version')),
    language: optionalString(impl.get('language')),
    homepage: optionalString(impl.get('homepage')),
  };
  return { ok: true, value: { implementation, ops: declared } };
}

/** Reads the `seq` of a run reply (an integer lexeme), or undefined. */
function readSeq(obj: JsonObject): number | undefined {
  const seq = obj.get('seq');
  if (!(seq instanceof JsonNumber)) return undefined;
  const n = seq.toBigInt();
  return n === undefined || n < 0n || n > BigInt(Number.MAX_SAFE_INTEGER) ? undefined : Number(n);
}

/** Reads one run reply: exactly one of accept / skipped / errored must be present. */
export function parseRunReply(line: Uint8Array): ParsedLine<{ seq: number; reply: TesteeReply }> {
  const obj = parseObject(line);
  if (!obj.ok) return obj;
  const seq = readSeq(obj.value);
  if (seq === undefined) return { ok: false, problem: `reply without an integer "seq": ${preview(line)}` };
  const accept = obj.value.get('accept');
  const skipped = obj.value.get('skipped');
  const errored = obj.value.get('errored');
  const present = [accept !== undefined, skipped !== undefined, errored !== undefined].filter(Boolean).length;
  if (present !== 1) return { ok: false, problem: `reply ${seq} must carry exactly one of "accept", "skipped", "errored"` };
  if (accept === true) {
    const observation = obj.value.get('observation');
    return { ok: true, value: { seq, reply: observation === undefined ? { kind: 'accept' } : { kind: 'accept', observation } } };
  }
  if (accept === false) {
    const code = obj.value.get('code');
    if (code !== undefined && code !== null && typeof code !== 'string') {
      return { ok: false, problem: `reply ${seq}: "code" must be a string` };
    }
    const message = optionalString(obj.value.get('message'));
    const reply: TesteeReply = {
      kind: 'reject',
      ...(typeof code === 'string' ? { code } : {}),
      ...(message !== undefined ? { message } : {}),
    };
    return { ok: true, value: { seq, reply } };
  }
  if (typeof skipped === 'string') return { ok: true, value: { seq, reply: { kind: 'skipped', reason: skipped } } };
  if (typeof errored === 'string') {
    // The testee itself says it broke on this input: an implementation failure, not a verdict.
    return { ok: true, value: { seq, reply: { kind: 'errored', errorClass: 'crash', detail: `testee reported an error: ${errored}` } } };
  }
  return { ok: false, problem: `reply ${seq}: "accept" must be true or false, "skipped" and "errored" strings` };
}
