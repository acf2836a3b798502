import { gunzipSync } from 'node:zlib';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../shared/digest.ts';
import { formatError } from '../../shared/errors.ts';
import { parseJson } from '../../shared/json/parse-value.ts';
import { JsonNumber, toPlain, type JsonValue } from '../../shared/json/value.ts';
import type { OpOutcome } from '../../shared/ops.ts';
import type { CaseSpec } from '../../shared/vectors.ts';
import type { CaseSource } from './collect-case-sources.ts';
import { INLINE_LINE_LIMIT, MANIFEST_FILE } from './constants.ts';
import type { RunOp } from './judge-cases.ts';
import { loadVectors } from './load-vectors.ts';
import { findGoldenDrift, prepareGolden, regenerationFailures, writeGolden, type GoldenOptions } from './regenerate-golden.ts';

/** A toy oracle: input starting with `ok` is accepted (observation keeps a `1.0` lexeme), else rejected. */
const toyOracle: RunOp = async (op, input): Promise<OpOutcome | undefined> => {
  if (op === 'journal.append') return undefined;
  const text = Buffer.from(input).toString('latin1');
  if (text.startsWith('throw')) throw new Error('oracle bug');
  if (text.startsWith('skip')) return { skipped: 'not supported' };
  if (text.startsWith('lone')) return { accept: true, observation: ['\udc00'] };
  if (text.startsWith('ok')) {
    return { accept: true, observation: new Map<string, JsonValue>([['length', new JsonNumber(String(input.length))], ['ratio', new JsonNumber('1.0')]]) };
  }
  return { accept: false, error: formatError('BAD_INPUT', 'R-X1', 'toy refusal', {}, text.startsWith('strict') ? 'strict' : 'core') };
};

function spec(name: string, input: string | Uint8Array, expect: CaseSpec['expect'], extra: Partial<CaseSpec> = {}): CaseSpec {
  return { name, op: 'journal.read', profile: 'core', requirements: ['R-X1'], input, expect, note: `${name} fixture`, ...extra };
}

const agreeing: CaseSpec[] = [
  spec('ok-small', 'ok 1', { verdict: 'accept' }),
  spec('bad-small', 'no', { verdict: 'reject', code: 'BAD_INPUT' }),
  spec('gen-bytes-1', new Uint8Array([0x6f, 0x6b, 0xff]), { verdict: 'accept' }, { requirements: ['R-X2'] }),
  spec('either-1', 'maybe', { verdict: 'either' }),
  spec('ok-large', 'ok' + 'x'.repeat(INLINE_LINE_LIMIT), { verdict: 'accept' }, { profile: 'strict' }),
  spec('track-1', 'ok key', { verdict: 'accept' }, { op: 'journal.track-key' }),
];

function source(cases: CaseSpec[], module = 'generators/journal/golden-cases.ts'): CaseSource {
  return { format: 'journal', module, cases, seeds: new Map([['SEED', new JsonNumber('42')]]) };
}

function workspace(): GoldenOptions & { root: string } {
  const root = mkdtempSync(join(tmpdir(), 'formcert-regen-'));
  mkdirSync(join(root, 'spec', 'journal'), { recursive: true });
  writeFileSync(
    join(root, 'spec', 'journal', 'requirements.json'),
    JSON.stringify({
      format: 'journal',
      requirements: [
        { id: 'R-X1', profile: 'core', summary: 'toy rule', source: 'test', rejectable: true },
        { id: 'R-X2', profile: 'strict', summary: 'toy writer rule', source: 'test', rejectable: false },
      ],
    }),
  );
  return {
    root,
    goldenDir: join(root, 'golden'),
    specDir: join(root, 'spec'),
    coverageFile: join(root, 'spec', 'coverage.md'),
    gapsFile: join(root, 'spec', 'coverage-gaps.json'),
    runOp: toyOracle,
    versions: { formcert: '0.0.0-test', 'fast-check': '4.11.0', '@toon-format/toon': '4.1.1' },
  };
}

describe('golden regeneration', () => {
  it('writes loadable vectors with observations filled in, lexemes kept, large inputs beside the file', async () => {
    const ws = workspace();
    const run = await prepareGolden({ ...ws, sources: [source(agreeing)] });
    expect(regenerationFailures(run)).toEqual([]);
    writeGolden(run);
    const vectors = await loadVectors(ws.goldenDir!);
    expect(vectors.map((v) => v.name).sort()).toEqual(agreeing.map((c) => c.name).sort());
    const ok = vectors.find((v) => v.name === 'ok-small')!;
    expect(ok.expect.verdict).toBe('accept');
    const obs = ok.expect.verdict === 'accept' ? (ok.expect.observation as Map<string, JsonValue>) : undefined;
    expect((obs!.get('ratio') as JsonNumber).lexeme).toBe('1.0');
    expect(vectors.find((v) => v.name === 'gen-bytes-1')!.file).toMatch(/journal\/generated-read\.json$/);
    expect(vectors.find((v) => v.name === 'track-1')!.file).toMatch(/journal\/recipe-track-key\.json$/);
    const large = vectors.find((v) => v.name === 'ok-large')!;
    expect(large.input.length).toBe(INLINE_LINE_LIMIT + 2);
    expect(gunzipSync(readFileSync(join(ws.goldenDir!, 'journal', `${large.id}.bin.gz`))).length).toBe(INLINE_LINE_LIMIT + 2);
    expect(findGoldenDrift(await prepareGolden({ ...ws, sources: [source(agreeing)] }))).toEqual([]);
  });

  it('produces the same bytes whatever order the cases are declared in', async () => {
    const a = await prepareGolden({ ...workspace(), sources: [source(agreeing)] });
    const b = await prepareGolden({ ...workspace(), sources: [source([...agreeing].reverse())] });
    expect([...b.plan.files.keys()]).toEqual([...a.plan.files.keys()]);
    for (const [path, bytes] of a.plan.files) expect(Buffer.from(b.plan.files.get(path)!).equals(bytes), path).toBe(true);
    expect(b.coverageText).toBe(a.coverageText);
  });

  it('records versions, seeds, counts and the sha256 of every file in MANIFEST.json', async () => {
    const run = await prepareGolden({ ...workspace(), sources: [source(agreeing)] });
    const parsed = parseJson(run.plan.files.get(MANIFEST_FILE)!);
    expect(parsed.ok).toBe(true);
    const manifest = toPlain(parsed.ok ? parsed.value : null) as {
      versions: Record<string, string>;
      generators: { module: string; seeds: Record<string, number>; declaredCases: number; storedCases: number }[];
      counts: { total: number; journal: Record<string, Record<string, Record<string, number>>> };
      files: { path: string; sha256: string; bytes: number; cases?: number }[];
    };
    expect(manifest.versions).toEqual({ formcert: '0.0.0-test', 'fast-check': '4.11.0', '@toon-format/toon': '4.1.1' });
    expect(manifest.generators).toEqual([{ module: 'generators/journal/golden-cases.ts', format: 'journal', seeds: { SEED: 42 }, declaredCases: 6, storedCases: 6 }]);
    expect(manifest.counts.total).toBe(6);
    expect(manifest.counts.journal['journal.read']).toEqual({
      core: { accept: 2, reject: 1, either: 1 },
      strict: { accept: 1, reject: 0, either: 0 },
    });
    expect(manifest.files.map((f) => f.path)).toEqual([...run.plan.files.keys()].filter((p) => p !== MANIFEST_FILE));
    for (const f of manifest.files) expect(f.sha256).toBe(sha256Hex(run.plan.files.get(f.path)!));
    expect(manifest.files.find((f) => f.path === 'journal/recipe-read.json')?.cases).toBe(4);
  });

  it('fails on every disagreement and malformed case instead of storing the oracle answer', async () => {
    const wrong = [
      spec('declared-accept', 'no way', { verdict: 'accept' }),
      spec('declared-wrong-code', 'nope', { verdict: 'reject', code: 'OTHER_CODE' }),
      spec('declared-reject', 'ok fine', { verdict: 'reject', code: 'BAD_INPUT' }),
      spec('oracle-throws', 'throw', { verdict: 'either' }),
      spec('oracle-skips', 'skip', { verdict: 'either' }),
      spec('no-oracle', 'ok', { verdict: 'accept' }, { op: 'journal.append' }),
      spec('lone-surrogate-observation', 'lone', { verdict: 'accept' }),
    ];
    const malformed = [
      spec('wrong-format', 'ok', { verdict: 'accept' }, { op: 'morph.c14n' }),
      spec('lone-surrogate', 'ok \ud800', { verdict: 'accept' }),
      spec('no-requirements', 'ok 2', { verdict: 'accept' }, { requirements: [] }),
      spec('two-line-note', 'ok 3', { verdict: 'accept' }, { note: 'a\nb' }),
    ];
    const ws = workspace();
    const run = await prepareGolden({ ...ws, sources: [source([...agreeing, ...wrong, ...malformed])] });
    expect(run.judgement.disagreements.map((p) => p.name)).toEqual(wrong.map((c) => c.name));
    expect(run.judgement.invalid.map((p) => p.name)).toEqual(malformed.map((c) => c.name));
    expect(regenerationFailures(run)).toHaveLength(wrong.length + malformed.length);
    const storedNames = run.plan.vectors.map((v) => v.name);
    for (const c of [...wrong, ...malformed]) expect(storedNames).not.toContain(c.name);
  });

  it('warns when a rejection declared core rests on a strict rule', async () => {
    const run = await prepareGolden({ ...workspace(), sources: [source([spec('strict-refusal', 'strict x', { verdict: 'reject', code: 'BAD_INPUT' })])] });
    expect(run.judgement.warnings.map((w) => w.name)).toEqual(['strict-refusal']);
    expect(regenerationFailures(run)).toEqual([]);
  });

  it('drops a case with the same op and input as an earlier one, keeps the first and reports it', async () => {
    const dup = spec('ok-small-again', 'ok 1', { verdict: 'accept' });
    const other = source([dup], 'generators/other/golden-cases.ts');
    const run = await prepareGolden({ ...workspace(), sources: [source(agreeing), other] });
    expect(run.plan.duplicates.map((d) => d.name)).toEqual(['ok-small-again']);
    expect(run.plan.vectors.map((v) => v.name)).toContain('ok-small');
    expect(run.plan.vectors.map((v) => v.name)).not.toContain('ok-small-again');
  });

  it('keeps two different cases with one name but reports the clash', async () => {
    const clash = spec('ok-small', 'ok other input', { verdict: 'accept' });
    const run = await prepareGolden({ ...workspace(), sources: [source([...agreeing, clash])] });
    expect(run.plan.nameClashes.map((d) => d.id)).toHaveLength(1);
    expect(run.plan.vectors.filter((v) => v.name === 'ok-small')).toHaveLength(2);
  });

  it('reports drift naming the file and the first differing case, and stale or missing files', async () => {
    const ws = workspace();
    writeGolden(await prepareGolden({ ...ws, sources: [source(agreeing)] }));
    const file = join(ws.goldenDir!, 'journal', 'recipe-read.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('"note": "ok-small fixture"', '"note": "edited by hand"'));
    writeFileSync(join(ws.goldenDir!, 'journal', 'recipe-stale.json'), '{}');
    rmSync(join(ws.goldenDir!, 'journal', 'generated-read.json'));
    const drift = findGoldenDrift(await prepareGolden({ ...ws, sources: [source(agreeing)] }));
    const byPath = new Map(drift.map((d) => [d.path.replace(/^.*golden\//, ''), d.problem]));
    expect([...byPath.keys()].sort()).toEqual(['journal/generated-read.json', 'journal/recipe-read.json', 'journal/recipe-stale.json']);
    expect(byPath.get('journal/recipe-read.json')).toMatch(/ok-small \([0-9a-f]{20}\) differs in note: generated "ok-small fixture", committed "edited by hand"/);
    expect(byPath.get('journal/recipe-stale.json')).toMatch(/stale/);
    expect(byPath.get('journal/generated-read.json')).toMatch(/missing/);
    const { removed } = writeGolden(await prepareGolden({ ...ws, sources: [source(agreeing)] }));
    expect(removed.map((p) => p.replace(/^.*golden\//, ''))).toEqual(['journal/recipe-stale.json']);
    expect(findGoldenDrift(await prepareGolden({ ...ws, sources: [source(agreeing)] }))).toEqual([]);
  });

  it('keeps fuzz vector files as they are and drops generated cases they already hold', async () => {
    const ws = workspace();
    writeGolden(await prepareGolden({ ...ws, sources: [source([agreeing[1]!])] }));
    const fuzzPath = join(ws.goldenDir!, 'journal', 'fuzz-read.json');
    const text = readFileSync(join(ws.goldenDir!, 'journal', 'recipe-read.json'), 'utf8').replace('"source": "recipe"', '"source": "fuzz"');
    writeFileSync(fuzzPath, text);
    const run = await prepareGolden({ ...ws, sources: [source(agreeing)] });
    expect(run.plan.duplicates.map((d) => d.name)).toEqual(['bad-small']);
    writeGolden(run);
    expect(readFileSync(fuzzPath, 'utf8')).toBe(text);
    expect((await loadVectors(ws.goldenDir!)).filter((v) => v.name === 'bad-small')).toHaveLength(1);
  });

  it('writes the coverage table and counts vectors per requirement and verdict', async () => {
    const ws = workspace();
    const run = await prepareGolden({ ...ws, sources: [source(agreeing)] });
    writeGolden(run);
    const row = run.coverage.rows.find((r) => r.requirement.id === 'R-X1')!;
    expect([row.accepted.length, row.rejected.length, row.either.length]).toEqual([3, 1, 1]);
    expect(run.coverage.missingAccept).toEqual([]);
    expect(run.coverage.missingReject).toEqual([]);
    expect(readFileSync(ws.coverageFile!, 'utf8')).toBe(run.coverageText);
    expect(run.coverageText).toContain('| `R-X2` | strict | 1: `gen-bytes-1` | n/a (not rejectable) |');
  });
});
