/* Generated from spec/schemas/vector-file.schema.json by `npm run gen:types`. Do not edit. */

/**
 * This interface was referenced by `VectorFile`'s JSON-Schema
 * via the `definition` "format".
 */
export type Format = "journal" | "codegraph" | "morph";
/**
 * The input file's exact bytes: as text when they are valid UTF-8, else base64; an input whose inline form would make a line longer than 64 KiB is a gzip-compressed file beside the vector file.
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
       * A file name in the vector file's directory (no path separators): `<case id>.bin.gz`, the input bytes gzip-compressed (RFC 1952).
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
      verdict: "accept";
      /**
       * An observation longer than 64 KiB as JSON text: `<case id>.observation.json.gz` in the vector file's directory, gzip-compressed (RFC 1952); its numbers keep their lexemes as inline observations do.
       */
      observationFile: string;
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
