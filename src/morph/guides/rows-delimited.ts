/** Guide for rows-delimited@1. */
export const ROWS_DELIMITED_GUIDE = [
  'How to read this data (encoding rows-delimited, version 1):',
  '- The dataset is an array of records that all have the same fields.',
  '- layoutMetadata.fields lists the field names in column order; there is no header row in the payload.',
  '- Each line of the PAYLOAD is one record, in order. Cells are separated by the character in layoutMetadata.delimiter (a tab, comma, pipe or semicolon).',
  '- Every cell is one JSON value: text is always in double quotes ("CA"), numbers are bare (85, 1.50), and true, false and null are literals.',
  '- A delimiter inside a quoted string is part of the text, not a separator.',
  '- The record at line k has field fields[i] equal to cell i of that line. layoutMetadata.rowCount is the number of records.',
].join('\n');
