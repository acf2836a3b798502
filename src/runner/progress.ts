/** A progress bar on a terminal for long runs; nothing at all when stderr is not a TTY (CI, pipes). */
import cliProgress from 'cli-progress';
import { onInterrupt } from './process-group.ts';

/** Shows the cursor and turns line wrapping back on (the bar hides the one and turns off the other). */
export const RESTORE_TERMINAL = '\x1b[?25h\x1b[?7h';

/** Advances by one case; `stop` clears the bar. */
export interface Progress {
  tick(failed: boolean): void;
  stop(): void;
}

/** Runs shorter than this many cases finish before a bar is worth drawing. */
const MIN_CASES = 50;

/** A bar on `stream` when it is a TTY and the run is long enough; otherwise a silent stand-in. */
export function createProgress(total: number, stream: NodeJS.WriteStream = process.stderr): Progress {
  if (!stream.isTTY || total < MIN_CASES) return { tick() {}, stop() {} };
  const bar = new cliProgress.SingleBar(
    {
      stream,
      format: 'certify [{bar}] {value}/{total} cases · {failed} failing · eta {eta_formatted}',
      hideCursor: true,
      clearOnComplete: true,
      etaBuffer: 200,
    },
    cliProgress.Presets.shades_classic,
  );
  let failed = 0;
  bar.start(total, 0, { failed });
  // Ctrl-C or a hang-up exits without reaching stop(): give the terminal back its cursor and wrapping.
  const unregister = onInterrupt(() => {
    unregister();
    bar.stop();
    stream.write(RESTORE_TERMINAL);
  });
  return {
    tick(f) {
      if (f) failed++;
      bar.increment(1, { failed });
    },
    stop() {
      unregister();
      bar.stop();
    },
  };
}
