/* Generated from spec/protocol/schemas/start-request.schema.json by `npm run gen:types`. Do not edit. */

/**
 * Persistent mode, runner to testee, first line: opens the session and names the wire protocol number the runner speaks.
 */
export interface StartRequest {
  cmd: "start";
  /**
   * Wire protocol number. Document version 1.1 keeps wire number 1: only exec-mode scoring changed.
   */
  protocol: 1;
}
