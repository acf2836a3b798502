/** Guide for columns-json@1. */
export const COLUMNS_JSON_GUIDE = [
  'How to read this data (encoding columns-json, version 1):',
  '- The dataset is an array of records that all have the same fields, stored column by column.',
  '- layoutMetadata.fields lists the field names. The PAYLOAD is a JSON array with one inner array per field, in the same order.',
  '- Inner array i holds the values of field fields[i] for every record, in record order.',
  '- Record j is rebuilt by taking element j of every inner array: { fields[0]: columns[0][j], fields[1]: columns[1][j], ... }.',
  '- layoutMetadata.rowCount is the number of records; every inner array has exactly that many values.',
].join('\n');
