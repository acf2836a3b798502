/** The `morph-c14n/1` semantic digest. */
export { semanticDigest, c14nText, isDigestHex } from './semantic-digest.ts';
export { writeC14nParts } from './write-c14n.ts';
