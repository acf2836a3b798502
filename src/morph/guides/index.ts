/** Interpretation guides (R-M7): one suite-written text per encoding, id `morph-guide/<encoding>`, version "1". */
import { ENCODINGS, IDS } from '../constants.ts';
import { COLUMNS_JSON_GUIDE } from './columns-json.ts';
import { JSON_COMPACT_GUIDE } from './json-compact.ts';
import { JSON_LINES_GUIDE } from './json-lines.ts';
import { PATH_VALUE_GUIDE } from './path-value.ts';
import { ROWS_DELIMITED_GUIDE } from './rows-delimited.ts';
import { TOON_GUIDE } from './toon.ts';

/** A guide as it travels in a bundle or artifact. */
export interface InterpretationGuide {
  readonly id: string;
  readonly version: string;
  readonly text: string;
}

const TEXTS: Readonly<Record<string, string>> = {
  [ENCODINGS.JSON_COMPACT]: JSON_COMPACT_GUIDE,
  [ENCODINGS.JSON_LINES]: JSON_LINES_GUIDE,
  [ENCODINGS.ROWS_DELIMITED]: ROWS_DELIMITED_GUIDE,
  [ENCODINGS.COLUMNS_JSON]: COLUMNS_JSON_GUIDE,
  [ENCODINGS.PATH_VALUE]: PATH_VALUE_GUIDE,
  [ENCODINGS.TOON]: TOON_GUIDE,
};

/** Every encoding that has a guide. */
export const GUIDED_ENCODINGS: readonly string[] = Object.keys(TEXTS);

/** The guide for an encoding, or undefined when none is registered. */
export function getGuide(encoding: string): InterpretationGuide | undefined {
  if (!Object.hasOwn(TEXTS, encoding)) return undefined;
  return { id: `${IDS.GUIDE_PREFIX}${encoding}`, version: IDS.GUIDE_VERSION, text: TEXTS[encoding]! };
}

/** The guide with this exact id and version, or undefined. */
export function getGuideById(id: string, version: string): InterpretationGuide | undefined {
  if (!id.startsWith(IDS.GUIDE_PREFIX) || version !== IDS.GUIDE_VERSION) return undefined;
  return getGuide(id.slice(IDS.GUIDE_PREFIX.length));
}
