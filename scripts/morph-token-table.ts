/**
 * `npm run tokens:morph`: how many o200k_base tokens (gpt-tokenizer) each MORPH codec plan needs on
 * real JSON — every strict-JSON `.json`/`.map` file under node_modules — and how often each plan
 * applies. Counts are of the payload alone and of payload + layout metadata (its JCS text), since
 * rows and columns are unreadable without their field list. Prints Markdown tables.
 */
import { countTokens as countWithOptions } from 'gpt-tokenizer/encoding/o200k_base';
import { loadRealJsonCorpus, type CorpusDocument } from '../generators/morph/real-json-corpus.ts';
import { CANDIDATE_PLANS, getCodec, type CandidatePlan } from '../src/morph/codecs/registry.ts';
import { canonicalJson } from '../src/shared/json/jcs.ts';

// Data that spells a special token (a source map may hold "<|endoftext|>") is ordinary text here.
const PLAIN_TEXT = { disallowedSpecial: new Set<string>() };
const countTokens = (text: string): number => countWithOptions(text, PLAIN_TEXT);

interface Row {
  applies: number;
  payload: number;
  withLayout: number;
  /** json-compact payload tokens on the same documents, for a like-for-like ratio. */
  baseline: number;
}

function planLabel(p: CandidatePlan): string {
  const d = p.options.delimiter;
  // A pipe would split the Markdown cell.
  const name = d === undefined ? '' : d === '\t' ? ' (tab)' : d === '|' ? ' (pipe)' : ` (${d})`;
  return `${p.encoding}@${p.formatVersion}${name}`;
}

function tableFor(title: string, docs: readonly CorpusDocument[]): string[] {
  const rows = new Map<string, Row>();
  for (const doc of docs) {
    let baseline: number | undefined;
    for (const plan of CANDIDATE_PLANS) {
      const e = getCodec(plan.encoding, plan.formatVersion)!.encode(doc.ir, plan.options);
      if (!e.ok) continue;
      const payload = countTokens(e.value.payload);
      baseline ??= payload; // json-compact comes first and applies to every document
      const meta = canonicalJson(e.value.layoutMetadata);
      const row = rows.get(planLabel(plan)) ?? { applies: 0, payload: 0, withLayout: 0, baseline: 0 };
      row.applies++;
      row.payload += payload;
      row.withLayout += payload + (meta.ok ? countTokens(meta.value) : 0);
      row.baseline += baseline;
      rows.set(planLabel(plan), row);
    }
  }
  const out = [
    `### ${title} (${docs.length} documents)`,
    '',
    '| plan | applies to | payload tokens | + layout metadata | vs json-compact on the same documents |',
    '|---|---:|---:|---:|---:|',
  ];
  for (const plan of CANDIDATE_PLANS) {
    const r = rows.get(planLabel(plan));
    if (!r) {
      out.push(`| ${planLabel(plan)} | 0 (0.0%) | – | – | – |`);
      continue;
    }
    const pct = ((100 * r.applies) / docs.length).toFixed(1);
    out.push(`| ${planLabel(plan)} | ${r.applies} (${pct}%) | ${r.payload.toLocaleString('en-US')} | ${r.withLayout.toLocaleString('en-US')} | ${(r.payload / r.baseline).toFixed(3)} |`);
  }
  return out;
}

const corpus = loadRealJsonCorpus();
const lines = [
  `MORPH codec token counts, tokenizer o200k_base (gpt-tokenizer), corpus: ${corpus.files} .json/.map files under node_modules,`,
  `${corpus.documents.length} strict JSON within the R-M2 limits (skipped: ${JSON.stringify(corpus.skipped)}).`,
  '',
  ...tableFor('Whole documents', corpus.documents),
  '',
  ...tableFor('Arrays of uniform records found inside those documents', corpus.recordArrays),
];
process.stdout.write(`${lines.join('\n')}\n`);
