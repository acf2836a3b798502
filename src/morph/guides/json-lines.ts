/** Guide for json-lines@1. */
export const JSON_LINES_GUIDE = [
  'How to read this data (encoding json-lines, version 1):',
  '- The whole dataset is one JSON array. Each line of the PAYLOAD is one element of that array, in order.',
  '- Line 1 is element 0, line 2 is element 1, and so on; every line is a complete JSON value.',
  '- layoutMetadata.elementCount is the number of elements (and lines). An empty payload means an empty array.',
  '- A line break inside a string is written as \\n, so a physical line never splits a value.',
  '- Repeated lines are repeated elements; keep them.',
].join('\n');
