/**
 * Global setup of the conformance tier: builds the compiled CLI (`npm run build`, into dist/) once,
 * before any test file runs. The memory tests measure it (FORMCERT_COMPILED=1), because it is what an
 * installed package runs; building here, each run, means they never measure a stale build.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export default function buildCompiledCli(): void {
  const built = spawnSync('npm', ['run', '--silent', 'build'], { cwd: join(import.meta.dirname, '..'), stdio: 'inherit' });
  if (built.status !== 0) throw new Error(`npm run build failed (status ${built.status}): the memory tests measure the compiled CLI`);
}
