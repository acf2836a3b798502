/**
 * Numeric command-line options (certify, fuzz): a plain decimal integer within the option's bounds, or
 * a one-line refusal the command prints before exiting 2. `1e3`, `0x10`, `1.0`, `+5`, ` 5` and the
 * empty string are refused, not read as numbers: an option is written the way it is meant.
 */

/** Node's timers take at most 2^31−1 ms; a larger delay silently fires after 1 ms. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** The option's value, or the message that refuses it. */
export type IntegerOption = { readonly ok: true; readonly value: number } | { readonly ok: false; readonly message: string };

const DECIMAL = /^-?(0|[1-9][0-9]*)$/;

/** Reads option `name` (e.g. `--timeout-ms`) from `text`: an integer in [min, max]. */
export function parseIntegerOption(text: string, name: string, min: number, max: number): IntegerOption {
  if (!DECIMAL.test(text)) return { ok: false, message: `${name} must be an integer from ${min} to ${max}, got ${JSON.stringify(text)}` };
  const value = Number(text);
  if (value < min) return { ok: false, message: `${name} must be at least ${min}, got ${text}` };
  if (value > max) return { ok: false, message: `${name} must be at most ${max}, got ${text}` };
  return { ok: true, value };
}
