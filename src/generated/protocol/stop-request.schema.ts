/* Generated from spec/protocol/schemas/stop-request.schema.json by `npm run gen:types`. Do not edit. */

/**
 * Persistent mode, runner to testee, last line: finish the runs in flight, then exit with status 0. It has no reply.
 */
export interface StopRequest {
  cmd: "stop";
}
