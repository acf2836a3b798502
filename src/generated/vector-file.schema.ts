/* Generated from spec/schemas/vector-file.schema.json by `npm run gen:types`. Do not edit. */

/**
 * This interface was referenced by `VectorFile`'s JSON-Schema
 * via the `definition` "format".
 */
export type Format = "journal" | "codegraph" | "morph";
/**
 * The input file's exact bytes: as text when they are valid UTF-8, else base64, or a file beside the vector file for large inputs.
 *
 * This interface was referenced by `VectorFile`'s JSON-Schema
 * via the `definition` "input".
 */
export type VectorInput =
  | {
      utf8: string;
    }
  | {
      base64: string;
    }
  | {
      /**
       * A file name in the vector file's directory (no path separators).
       */
      file: string;
    };
/**
 * This interface was referenced by `VectorFile`'s JSON-Schema
 * via the `definition` "expect".
 */
export type VectorExpect =
  | {
      verdict: "accept";
      /**
       * The oracle's observation, any JSON value (numbers keep their lexemes).
       */
      observation: {} | unknown[] | string | number | boolean | null;
    }
  | {
      verdict: "reject";
      code: string;
    }
  | {
      verdict: "either";
    };

/**
 * One golden vector file, golden/<format>/<source>-<group>.json: cases of one format from one source. Data only; the id of each case is caseId(op, input bytes) and is checked by the loader, as is the op's format prefix.
 */
export interface VectorFile {
  format: Format;
  /**
   * recipe: hand-written edge cases; generated: seeded arbitraries and mutators; fuzz: cases saved by `formcert fuzz`.
   */
  source: "recipe" | "generated" | "fuzz";
  cases: VectorCase[];
}
/**
 * This interface was referenced by `VectorFile`'s JSON-Schema
 * via the `definition` "case".
 */
export interface VectorCase {
  /**
   * First 20 lowercase hex digits of SHA-256(op, 0x00, input bytes).
   */
  id: string;
  /**
   * Short name, unique within its format.
   */
  name: string;
  op:
    | "codegraph.read"
    | "journal.read"
    | "journal.append"
    | "journal.track-key"
    | "morph.c14n"
    | "morph.decode"
    | "morph.import"
    | "morph.encode";
  profile: "core" | "strict";
  /**
   * @minItems 1
   */
  requirements: [string, ...string[]];
  input: VectorInput;
  expect: VectorExpect;
  note: string;
}
