import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { JSON_CODES } from './json/constants.ts';
import { REGISTRY_FORMATS, SPEC_DIR, loadErrorCodes, loadRequirements, registryFiles } from './registry.ts';

const ajv = new Ajv2020({ allErrors: true });
const validateRequirements = ajv.compile(JSON.parse(readFileSync(`${SPEC_DIR}/schemas/registry/requirements.schema.json`, 'utf8')));
const validateCodes = ajv.compile(JSON.parse(readFileSync(`${SPEC_DIR}/schemas/registry/error-codes.schema.json`, 'utf8')));

describe('spec registries', () => {
  it('every registry file matches its schema and names its own format', () => {
    for (const format of REGISTRY_FORMATS) {
      for (const [stem, validate] of [['requirements', validateRequirements], ['error-codes', validateCodes]] as const) {
        for (const file of registryFiles(format, stem)) {
          const data = JSON.parse(readFileSync(file, 'utf8'));
          expect(validate(data) ? [] : validate.errors, file).toStrictEqual([]);
          expect(data.format, file).toBe(format);
        }
      }
    }
  });

  it('requirement ids and error codes are unique across all formats', () => {
    const ids = REGISTRY_FORMATS.flatMap((f) => loadRequirements(f).map((r) => r.id));
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toStrictEqual([]);
    const codes = REGISTRY_FORMATS.flatMap((f) => loadErrorCodes(f).map((c) => c.code));
    expect(codes.filter((c, i) => codes.indexOf(c) !== i)).toStrictEqual([]);
  });

  it('every error code names a requirement that exists', () => {
    const ids = new Set(REGISTRY_FORMATS.flatMap((f) => loadRequirements(f).map((r) => r.id)));
    const dangling = REGISTRY_FORMATS.flatMap((f) => loadErrorCodes(f).filter((c) => !ids.has(c.requirement)).map((c) => `${f}: ${c.code} → ${c.requirement}`));
    expect(dangling).toStrictEqual([]);
  });

  it('the JSON core registers exactly the codes it can return', () => {
    expect(loadErrorCodes('shared').map((c) => c.code).sort()).toStrictEqual(Object.values(JSON_CODES).sort());
  });
});
