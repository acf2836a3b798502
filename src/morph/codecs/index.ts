/** The six MORPH codecs behind one registry. */
export * from './registry.ts';
