/** The shape every format's `validate` entry point has, shared by the formats and the CLI verb. */
import type { Profile, Result } from './errors.ts';

/** What a format's file validator returns on success: a few facts worth printing (counts, frontier…). */
export type ValidationSummary = Record<string, string | number | boolean | null>;

/** A format's file validator. Streaming; resolves to a Result, rejects only on I/O errors. */
export type FileValidator = (path: string, options: { profile: Profile }) => Promise<Result<ValidationSummary>>;
