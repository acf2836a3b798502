/**
 * Issue 11 item 9: every numeric option of certify and fuzz, and the testee command's options, refuse a
 * value that is not a plain integer or lies out of range with one clear line and exit 2, before any
 * testee starts. certify is run in-process through certifyCommand, fuzz and testee through the
 * registered CLI (commander, in-process; nothing is spawned).
 */
import { Command } from 'commander';
import { describe, expect, it, vi } from 'vitest';
import { certifyCommand, type CertifyCommandOptions } from '../runner/certify.ts';
import { MAX_TIMER_MS, parseIntegerOption } from '../shared/integer-option.ts';
import { registerCommands } from './commands.ts';

/** Values no integer option takes, whatever its range. */
const NOT_INTEGERS = ['abc', '', ' 5', '5 ', '1e3', '0x10', '1.5', '1.0', '+5', '--5', 'Infinity', 'NaN', '١٢'];

describe('parseIntegerOption', () => {
  it('takes plain decimal integers within the bounds, and only those', () => {
    expect(parseIntegerOption('0', '--n', 0, 5)).toEqual({ ok: true, value: 0 });
    expect(parseIntegerOption('5', '--n', 0, 5)).toEqual({ ok: true, value: 5 });
    expect(parseIntegerOption('-3', '--n', -5, 5)).toEqual({ ok: true, value: -3 });
    for (const text of [...NOT_INTEGERS, '05', '-0x1']) expect(parseIntegerOption(text, '--n', 0, 5), text).toEqual({ ok: false, message: `--n must be an integer from 0 to 5, got ${JSON.stringify(text)}` });
    expect(parseIntegerOption('6', '--n', 0, 5)).toEqual({ ok: false, message: '--n must be at most 5, got 6' });
    expect(parseIntegerOption('-1', '--n', 0, 5)).toEqual({ ok: false, message: '--n must be at least 0, got -1' });
    // Past 2^53 the digits still compare right: far above any bound.
    expect(parseIntegerOption('99999999999999999999', '--n', 0, Number.MAX_SAFE_INTEGER).ok).toBe(false);
  });
});

describe('certify refuses bad numbers with one line and exit 2', () => {
  const certify = async (o: Partial<CertifyCommandOptions>) => {
    let err = '';
    const status = await certifyCommand(
      { testee: ['true', '{op}', '{input}'], persistent: false, exec: false, codes: false, profile: 'strict', timeoutMs: '10000', vectors: 'golden', maxOutputBytes: '1000', ...o },
      { out: () => {}, err: (s) => (err += s), writeReportDir: async () => {} },
    );
    return { status, err };
  };

  for (const [option, key, max] of [
    ['--timeout-ms', 'timeoutMs', MAX_TIMER_MS],
    ['--jobs', 'jobs', 256],
    ['--max-output-bytes', 'maxOutputBytes', 512 * 1024 * 1024],
  ] as const) {
    it(`${option}: not an integer, zero, negative, or above ${max}`, async () => {
      for (const text of [...NOT_INTEGERS, '0', '-1', String(max + 1), '99999999999999999999']) {
        const r = await certify({ [key]: text });
        expect([r.status, r.err.trim().split('\n').length], text).toEqual([2, 1]);
        expect(r.err, text).toContain(`${option} must be`);
      }
    });
  }
});

// The verbs' modules (and everything they import) load once, here, rather than inside the first test.
await registerCommands(new Command(), () => {});

/** Runs the registered CLI in-process; returns the exit status it set and what it wrote to stderr. */
async function cli(...args: string[]): Promise<{ status: number | undefined; err: string }> {
  let status: number | undefined;
  const program = new Command().exitOverride();
  await registerCommands(program, (code) => {
    status = code;
  });
  let err = '';
  const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    err += chunk.toString();
    return true;
  });
  const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  try {
    await program.parseAsync(['node', 'formcert', ...args]);
  } finally {
    spy.mockRestore();
    out.mockRestore();
  }
  return { status, err };
}

describe('fuzz refuses bad numbers with one line and exit 2', () => {
  for (const [option, min, max] of [
    ['--runs', 1, Number.MAX_SAFE_INTEGER],
    ['--seconds', 1, Math.floor(MAX_TIMER_MS / 1000)],
    ['--seed', -(2 ** 31), 2 ** 31 - 1],
    ['--timeout-ms', 1, MAX_TIMER_MS],
    ['--max-failures', 1, Number.MAX_SAFE_INTEGER],
    ['--shrink-budget', 0, Number.MAX_SAFE_INTEGER],
  ] as const) {
    it(`${option}: not an integer, below ${min} or above ${max}`, async () => {
      for (const text of [...NOT_INTEGERS, String(min - 1), String(max + 1), '99999999999999999999']) {
        // `--opt=value` keeps commander from reading "-1" or "" as something else.
        const r = await cli('fuzz', '--op', 'journal.read', `${option}=${text}`, '--', 'true');
        expect([r.status, r.err.trim().split('\n').length], text).toEqual([2, 1]);
        expect(r.err, text).toContain(`${option} must be`);
      }
    });
  }
});

describe('testee refuses a bad option value with exit 2', () => {
  it('an unknown --profile, in exec and serve mode', async () => {
    for (const args of [['testee', 'exec', '--profile', 'lax', 'journal.read', '/dev/null'], ['testee', 'serve', '--profile', '']]) {
      const r = await cli(...args);
      expect([r.status, r.err], args.join(' ')).toEqual([2, expect.stringMatching(/^unknown profile: .* \(core or strict\)\n$/)]);
    }
  });
});
