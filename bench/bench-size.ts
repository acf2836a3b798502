/**
 * Bench sizes: an environment variable wins, else the preset (`npm run bench -- --quick` sets
 * FORMCERT_BENCH_QUICK=1 for a run under two minutes; the full preset is the default).
 */

/** True when the quick preset was asked for. */
export function isQuickBench(): boolean {
  return process.env.FORMCERT_BENCH_QUICK === '1';
}

/** The size `variable` names, else the preset's default; refuses a value that is not a positive number. */
export function benchSize(variable: string, defaults: { full: number; quick: number }): number {
  const raw = process.env[variable];
  if (raw === undefined || raw === '') return isQuickBench() ? defaults.quick : defaults.full;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${variable}=${raw} is not a positive number`);
  return value;
}

/**
 * The sizes `variable` lists (comma-separated, e.g. `JOURNAL_BENCH_MB=200,512`), else the preset's;
 * refuses a value that is not a positive number.
 */
export function benchSizes(variable: string, defaults: { full: readonly number[]; quick: readonly number[] }): number[] {
  const raw = process.env[variable];
  if (raw === undefined || raw === '') return [...(isQuickBench() ? defaults.quick : defaults.full)];
  return raw.split(',').map((part) => {
    const value = Number(part.trim());
    if (!Number.isFinite(value) || value <= 0) throw new Error(`${variable}=${raw}: ${part} is not a positive number`);
    return value;
  });
}

/**
 * How a figure stands against its target: `met` or `MISSED`; on the quick preset a missed target is
 * not judged (its small sizes are dominated by start-up and warm-up; targets are judged on the full one).
 */
export function targetVerdict(met: boolean): string {
  if (met) return 'met';
  return isQuickBench() ? 'not judged on the quick preset' : 'MISSED';
}
