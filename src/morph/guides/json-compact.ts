/** Guide for json-compact@1. */
export const JSON_COMPACT_GUIDE = [
  'How to read this data (encoding json-compact, version 1):',
  '- The PAYLOAD section holds exactly one JSON value written without spaces or line breaks.',
  '- Read it as ordinary JSON. Strings use JSON escapes (\\n is a line break inside the string, \\" a quote).',
  '- Numbers are exact as written: 1.2300 and 1.23 are written differently on purpose; quote them as they appear.',
  '- The METADATA layoutMetadata.rootKind says whether the value is an object, array, string, number, boolean or null.',
  '- Object members keep the order of the source; nothing is omitted or summarized.',
].join('\n');
