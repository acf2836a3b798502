/* Generated from spec/protocol/schemas/start-reply.schema.json by `npm run gen:types`. Do not edit. */

/**
 * Persistent mode, testee to runner, answer to start: who the testee is and which ops it serves. An op left out is n/a for every case of it.
 */
export interface StartReply {
  protocol: 1;
  implementation: {
    name: string;
    version?: string;
    language?: string;
    homepage?: string;
  };
  ops: {
    [k: string]: {
      /**
       * true: accepted cases carry an observation that is compared; false: only the verdict is scored.
       */
      observe: boolean;
    };
  };
}
