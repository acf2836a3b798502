/** Guide for path-value@1. */
export const PATH_VALUE_GUIDE = [
  'How to read this data (encoding path-value, version 1):',
  '- Each line of the PAYLOAD describes one node of a JSON value as a small JSON array: [path, type] or [path, type, value].',
  '- path is a JSON Pointer: "" is the whole value, "/a/0" is item 0 of member "a". In a segment, ~1 stands for "/" and ~0 for "~".',
  '- Types: "object" (members follow on later lines), "array" with its item count, "string" with the text, "number" with the number written as a string (keep that exact spelling), "boolean" with true or false, and "null".',
  '- A node always appears after its parent. Under an array the last segment is an index; under an object it is a member name, even when it looks like a number.',
  '- Rebuild the value by placing every node under its parent; object members appear in line order.',
].join('\n');
