/** Interpretation guides (R-M7): one suite-written text per encoding, id `morph-guide/<encoding>`, version "1". */
import { IDS } from '../constants.ts';

/** A guide as it travels in a bundle or artifact. */
export interface InterpretationGuide {
  readonly id: string;
  readonly version: string;
  readonly text: string;
}

const TEXTS: Record<string, string> = {};

/** The guide for an encoding, or undefined when none is registered. */
export function getGuide(encoding: string): InterpretationGuide | undefined {
  const text = TEXTS[encoding];
  return text === undefined ? undefined : { id: `${IDS.GUIDE_PREFIX}${encoding}`, version: IDS.GUIDE_VERSION, text };
}
