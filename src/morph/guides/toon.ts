/** Guide for toon@4.1.1. */
export const TOON_GUIDE = [
  'How to read this data (encoding toon, format version 4.1.1, the official TOON format):',
  '- TOON writes JSON with indentation instead of braces. "key: value" is an object member; members indented by two spaces under "key:" belong to that nested object.',
  '- "key[N]: a,b,c" is an array of N simple values on one line. "key[N]{f1,f2}:" starts a table: each of the N indented lines below is one object whose fields f1, f2 take the values of that line, in order.',
  '- "key[N]:" followed by lines starting with "- " is an array of N items, one per "- " entry. At the top level the key is absent: the payload may start with "[N]:" or "[N]{f1,f2}:".',
  '- The separator between values is the character in layoutMetadata.delimiter: a comma, a tab or a pipe (it also appears inside the brackets, as [N|] or [N<tab>], when it is not a comma).',
  '- Text is written without quotes unless it could be mistaken for something else (a number, true/false/null, or text with the separator or a colon); quoted text uses JSON escapes.',
  '- Bare numbers, true, false and null are those JSON values. The brackets announce the exact count of items or rows.',
].join('\n');
