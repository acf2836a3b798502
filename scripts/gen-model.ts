/**
 * `npm run gen:model -- --entities N --out FILE [--edges-per-entity E] [--seed S]`: streams a valid
 * canonical codegraph model of any size (1 GB and more) to FILE without holding it in memory.
 */
import { Command } from 'commander';
import { writeLargeModel } from '../generators/codegraph/large-model.ts';

const program = new Command('gen:model')
  .requiredOption('--entities <n>', 'number of entity records (modules included)')
  .requiredOption('--out <file>', 'where to write the model')
  .option('--edges-per-entity <n>', 'average edges per entity', '2')
  .option('--seed <n>', 'varies names and choices', '1')
  .parse(process.argv);

const opts = program.opts<{ entities: string; out: string; edgesPerEntity: string; seed: string }>();
const entities = Number(opts.entities);
if (!Number.isSafeInteger(entities) || entities < 1) {
  process.stderr.write('--entities must be a positive integer\n');
  process.exit(2);
}
const started = Date.now();
const counts = writeLargeModel(opts.out, { entities, edgesPerEntity: Number(opts.edgesPerEntity), seed: Number(opts.seed) });
const seconds = (Date.now() - started) / 1000;
process.stdout.write(
  `wrote ${opts.out}: ${counts.files} files, ${counts.entities} entities, ${counts.edges} edges, ${(counts.bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(1)} s\n`,
);
