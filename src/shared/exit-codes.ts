/** Exit statuses of every `formcert` verb. */
export const EXIT = {
  /** Valid input, or every scored case passed. */
  OK: 0,
  /** Invalid input, or at least one case failed or errored, or fuzzing found a disagreement. */
  FAILED: 1,
  /** Usage error, setup error (testee not runnable, missing file) or I/O error. */
  USAGE: 2,
} as const;

/** Sets the exit status of the running verb. */
export type SetExit = (code: number) => void;
