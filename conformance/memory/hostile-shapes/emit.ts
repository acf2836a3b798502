/**
 * Writes a hostile input to stdout from its plan (a JSON file): `node bin/run-ts.mjs
 * conformance/memory/hostile-shapes/emit.ts plan.json | formcert validate codegraph /dev/stdin`.
 */
import { readFileSync } from 'node:fs';
import { emitPlan, type HostilePlan } from './_internals/plan.ts';

const [planPath] = process.argv.slice(2);
if (planPath === undefined) {
  process.stderr.write('usage: emit.ts <plan.json>\n');
  process.exit(2);
}
emitPlan(JSON.parse(readFileSync(planPath, 'utf8')) as HostilePlan, 1);
