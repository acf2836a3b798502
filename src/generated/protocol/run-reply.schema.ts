/* Generated from spec/protocol/schemas/run-reply.schema.json by `npm run gen:types`. Do not edit. */

/**
 * Persistent mode, testee to runner: exactly one reply per run, carrying the seq it answers, in any order.
 */
export type RunReply = AcceptReply | RejectReply | SkippedReply | ErroredReply;
/**
 * Sequence number of a run: a non-negative integer no larger than 2^53 - 1, written as an integer lexeme.
 */
export type Seq = number;

/**
 * The input is valid. observation is required when the op was declared with observe: true; its shape per op is in observations/. A code member, if present, is null.
 */
export interface AcceptReply {
  seq: Seq;
  accept: true;
  observation?: unknown;
  code?: null;
  skipped?: never;
  errored?: never;
}
/**
 * The input is invalid. code, when given, is an error code of the format's registry (spec/<format>/error-codes.json); it is compared only under certify --codes.
 */
export interface RejectReply {
  seq: Seq;
  accept: false;
  code?: string | null;
  message?: string;
  skipped?: never;
  errored?: never;
  observation?: never;
}
/**
 * The testee cannot run this case (for example one codec of an op it only partly supports); the reason is reported and the case is neither passed nor failed.
 */
export interface SkippedReply {
  seq: Seq;
  skipped: string;
  accept?: never;
  errored?: never;
}
/**
 * The testee broke on this case (a bug of its own, not a verdict on the input); the case is errored:crash with this text as its detail.
 */
export interface ErroredReply {
  seq: Seq;
  errored: string;
  accept?: never;
  skipped?: never;
}
