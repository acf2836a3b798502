// Uses formcert the way a third party does: the installed package's public API, plain Node, no loader.
// Run from a project that has formcert installed: node use-api.mjs <a journal file>.
import assert from 'node:assert/strict';
import { certify, loadVectors, oracleOp, validateFile, OP_NAMES } from 'formcert';

const vectors = await loadVectors();
assert.ok(vectors.length > 1000, `the bundled golden vectors load (${vectors.length})`);
assert.equal(OP_NAMES.length, 8);

const { records, summary } = await certify({ ops: ['journal.read'] });
assert.equal(records.length, summary.total);
assert.ok(summary.total > 100, `journal.read has golden cases (${summary.total})`);
assert.equal(summary.passed, true, 'the reference oracle passes its own vectors');

const c14n = await oracleOp('morph.c14n');
const answer = await c14n(new TextEncoder().encode('{"b":1,"a":[true]}'));
assert.ok('accept' in answer && answer.accept, 'c14n accepts a JSON text');

const journal = process.argv[2];
const valid = await validateFile('journal', journal);
assert.equal(valid.ok, true, `${journal} is a valid journal`);

console.log(`formcert API: ${vectors.length} vectors loaded; journal.read certified on ${summary.total} cases; c14n and validate work`);
