/** Inputs are written to a private temporary directory (mode 0700) and removed afterwards. */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OP_INPUT_EXTENSIONS, type OpName } from '../shared/ops.ts';
import { onInterrupt } from './process-group.ts';


/** A private directory holding the input files of cases in flight. */
export class InputFiles {
  readonly dir: string;
  private readonly unregister: () => void;

  constructor() {
    this.dir = mkdtempSync(join(tmpdir(), 'formcert-inputs-'));
    // mkdtemp already creates 0700; say so explicitly in case a umask or platform differs.
    chmodSync(this.dir, 0o700);
    this.unregister = onInterrupt(() => this.dispose());
  }

  /** Writes one case's input (mode 0600) and returns its path. */
  async write(id: string, op: string, bytes: Uint8Array): Promise<string> {
    const path = join(this.dir, `${id}${OP_INPUT_EXTENSIONS[op as OpName] ?? '.json'}`);
    await writeFile(path, bytes, { mode: 0o600 });
    return path;
  }

  /** Removes one input once its case is done. */
  async remove(path: string): Promise<void> {
    await unlink(path).catch(() => undefined);
  }

  /** Removes the directory and anything a testee left in it. */
  dispose(): void {
    this.unregister();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
