/**
 * The exec-mode argv template (spec/protocol, exec mode): `{op}` and `{input}` are replaced wherever they
 * occur in an argument; no shell ever sees the result. A template without `{input}` gets the path as
 * its last argument; one without `{op}` serves a single op.
 */

/** True when some argument mentions `{op}`. */
export function templateNamesOp(template: readonly string[]): boolean {
  return template.some((a) => a.includes('{op}'));
}

/** The argv for one case. */
export function expandArgv(template: readonly string[], op: string, inputPath: string): string[] {
  const hasInput = template.some((a) => a.includes('{input}'));
  const argv = template.map((a) => a.replaceAll('{op}', op).replaceAll('{input}', inputPath));
  if (!hasInput) argv.push(inputPath);
  return argv;
}
