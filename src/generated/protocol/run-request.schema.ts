/* Generated from spec/protocol/schemas/run-request.schema.json by `npm run gen:types`. Do not edit. */

/**
 * Sequence number of a run: a non-negative integer no larger than 2^53 - 1, written as an integer lexeme.
 */
export type Seq = number;
/**
 * The operations of the contract; each takes one input file.
 */
export type OpName =
  | "codegraph.read"
  | "journal.read"
  | "journal.append"
  | "journal.track-key"
  | "morph.c14n"
  | "morph.decode"
  | "morph.import"
  | "morph.encode";

/**
 * Persistent mode, runner to testee: run one op on the file at input. seq is unique within the session; several runs may be in flight at once.
 */
export interface RunRequest {
  cmd: "run";
  seq: Seq;
  op: OpName;
  /**
   * Absolute path of a private temporary file holding the input bytes.
   */
  input: string;
}
