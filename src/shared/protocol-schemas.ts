/**
 * The JSON Schemas of the testee protocol (spec/protocol/README.md): one per message of persistent mode,
 * the rejection line of exec mode, and one per op for the observation an accepted case carries in
 * either mode.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { OpName } from './ops.ts';
import { SPEC_DIR } from './registry.ts';

/** Directory of the protocol schemas. */
export const PROTOCOL_SCHEMA_DIR = join(SPEC_DIR, 'protocol', 'schemas');

/** The protocol's messages, by the stem of their schema file: persistent mode's JSON lines and exec mode's rejection line. */
export const PROTOCOL_MESSAGES = [
  'start-request',
  'start-reply',
  'run-request',
  'run-reply',
  'accept-reply',
  'reject-reply',
  'skipped-reply',
  'errored-reply',
  'stop-request',
  'exec-reject-line',
] as const;

export type ProtocolMessage = (typeof PROTOCOL_MESSAGES)[number];

/** Checks one plain JSON value (as `JSON.parse` gives it); returns one line per violation, empty when it conforms. */
export type SchemaCheck = (value: unknown) => string[];

/** Validators for every protocol message and every op's observation. */
export interface ProtocolValidators {
  readonly message: Readonly<Record<ProtocolMessage, SchemaCheck>>;
  readonly observation: Readonly<Record<OpName, SchemaCheck>>;
}

const OBSERVATION_FILES: Readonly<Record<OpName, string>> = {
  'codegraph.read': 'codegraph-read',
  'journal.read': 'journal-read',
  'journal.append': 'journal-append',
  'journal.track-key': 'journal-track-key',
  'morph.c14n': 'morph-c14n',
  'morph.decode': 'morph-decode',
  'morph.import': 'morph-import',
  'morph.encode': 'morph-encode',
};

function readSchema(path: string): { $id: string } {
  return JSON.parse(readFileSync(path, 'utf8')) as { $id: string };
}

function describe(errors: readonly ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`);
}

/**
 * Compiles every schema under spec/protocol/schemas/ (draft 2020-12). The journal observation refers to the
 * journal entry schema (and that one to the metadata schema) by $id, so those are registered too.
 */
export function loadProtocolValidators(): ProtocolValidators {
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, validateFormats: false });
  for (const name of ['metadata', 'entry']) ajv.addSchema(readSchema(join(SPEC_DIR, 'schemas', 'journal', `${name}.schema.json`)));
  const byStem = new Map<string, string>();
  for (const name of readdirSync(PROTOCOL_SCHEMA_DIR).filter((n) => n.endsWith('.schema.json'))) {
    const schema = readSchema(join(PROTOCOL_SCHEMA_DIR, name));
    ajv.addSchema(schema);
    byStem.set(name.replace(/\.schema\.json$/, ''), schema.$id);
  }
  const observationDir = join(PROTOCOL_SCHEMA_DIR, 'observations');
  const observationIds = new Map<string, string>();
  for (const name of readdirSync(observationDir).filter((n) => n.endsWith('.schema.json'))) {
    const schema = readSchema(join(observationDir, name));
    ajv.addSchema(schema);
    observationIds.set(name.replace(/\.schema\.json$/, ''), schema.$id);
  }
  const check = (id: string | undefined, what: string): SchemaCheck => {
    if (id === undefined) throw new Error(`spec/protocol/schemas has no schema for ${what}`);
    const validate = ajv.getSchema(id) as ValidateFunction;
    return (value) => (validate(value) ? [] : describe(validate.errors));
  };
  const message = Object.fromEntries(PROTOCOL_MESSAGES.map((m) => [m, check(byStem.get(m), m)])) as Record<ProtocolMessage, SchemaCheck>;
  const observation = Object.fromEntries(
    Object.entries(OBSERVATION_FILES).map(([op, stem]) => [op, check(observationIds.get(stem), `the ${op} observation`)]),
  ) as Record<OpName, SchemaCheck>;
  return { message, observation };
}
