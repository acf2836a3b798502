import { PROCESS_TEST_TIMEOUT_MS } from '../../../test-support/timeouts.ts';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importArtifact } from '../../morph/artifact/import-artifact.ts';
import { decodeBundle } from '../../morph/bundle/decode-bundle.ts';
import { writeJson } from '../../shared/json/write-value.ts';

const ROOT = join(import.meta.dirname, '../../..');

function formcert(...args: string[]) {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin/formcert.mjs'), ...args], { encoding: 'utf8', cwd: ROOT });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('formcert morph encode', () => {
  const dir = mkdtempSync(join(tmpdir(), 'formcert-morph-cli-'));
  const input = join(dir, 'in.json');
  writeFileSync(input, '[{"id":1,"name":"a"},{"id":2,"name":"b 😀"}]\n');

  it('prints exactly the bundle on stdout and each weighed candidate with its tokens on stderr', () => {
    const r = formcert('morph', 'encode', input, '--policy', 'economy-experimental', '--tokenizer', 'cl100k_base');
    expect(r.status).toBe(0);
    const d = decodeBundle(r.stdout);
    expect(d.ok && writeJson(d.value.ir)).toBe('[{"id":1,"name":"a"},{"id":2,"name":"b 😀"}]');
    const lines = r.stderr.split('\n').filter((l) => / tokens$/.test(l));
    expect(lines.length).toBe(11);
    expect(r.stderr).toMatch(/^chosen: /m);
  });

  it('writes an artifact with --artifact and a fixed --encoding', () => {
    const out = join(dir, 'a.json');
    const r = formcert('morph', 'encode', input, '--encoding', 'rows-delimited', '--delimiter', ';', '--artifact', out);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('');
    const a = importArtifact(readFileSync(out));
    expect(a.ok && a.value.fields.plan.plannerPolicy).toBe('economy-experimental');
    expect(a.ok && a.value.options.delimiter).toBe(';');
  });

  it('exit 1 with a code for refused input, exit 2 for usage errors', () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"a":1,"a":2}');
    const refused = formcert('morph', 'encode', bad);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/^code: JSON_DUPLICATE_MEMBER$/m);
    expect(formcert('morph', 'encode', input, '--encoding', 'json-compact', '--policy', 'compatibility').status).toBe(2);
    expect(formcert('morph', 'encode', input, '--tokenizer', 'p50k_base').status).toBe(2);
    expect(formcert('morph', 'encode', join(dir, 'missing.json')).status).toBe(2);
    expect(formcert('morph', 'encode', input, '--policy', 'validated').status).toBe(1);
  }, PROCESS_TEST_TIMEOUT_MS);
});
