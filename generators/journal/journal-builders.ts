/**
 * Public builders for hand-written journal fixtures and for rendering generated samples, for code
 * outside generators/journal/ (oracle tests, fuzz sources): the `_internals/` modules stay private.
 */
export { makeEntry, makeFrame, makeGroup, type EntryOverrides } from './_internals/entries.ts';
export { renderJson, cloneJson, type RenderStyle } from './_internals/render.ts';
export { expectedObservation, sampleBytes, type JournalSample } from './_internals/sample.ts';
