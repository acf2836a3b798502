/**
 * Token counters for the planner (MORPH-PLAN-1): the target's `tokenizer` names a BPE encoding that
 * ships inside the pinned gpt-tokenizer 4.0.0 package; it is imported on first use, nothing is fetched.
 */
import { fail, ok, type Result } from '../../shared/errors.ts';
import { CONTEXT_CODES, CONTEXT_RULES, TOKENIZERS, type TokenizerName } from '../bundle/constants.ts';
import { morphError } from '../refusal.ts';

/** Counts the tokens of one whole text. */
export type TokenCounter = (text: string) => number;

interface EncodingModule {
  countTokens(text: string, options?: { disallowedSpecial?: Set<string> }): number;
}

const LOADERS: Record<TokenizerName, () => Promise<EncodingModule>> = {
  o200k_base: () => import('gpt-tokenizer/encoding/o200k_base'),
  cl100k_base: () => import('gpt-tokenizer/encoding/cl100k_base'),
};

/** True for a tokenizer name the planner can load. */
export function isTokenizerName(name: string): name is TokenizerName {
  return (TOKENIZERS as readonly string[]).includes(name);
}

/** Loads the named tokenizer; an unknown name is refused with UNSUPPORTED_TOKENIZER. */
export async function loadTokenCounter(name: string): Promise<Result<TokenCounter>> {
  if (!isTokenizerName(name)) {
    return fail(morphError(CONTEXT_CODES.UNSUPPORTED_TOKENIZER, CONTEXT_RULES.PLANNER_TOKENIZER, `unknown tokenizer ${JSON.stringify(name)} (known: ${TOKENIZERS.join(', ')})`, { member: 'tokenizer' }));
  }
  const encoding = await LOADERS[name]();
  // MORPH-PLAN-2: data that spells a special token (e.g. "<|endoftext|>") is counted as ordinary text;
  // the library's default would throw on it.
  const plainText = { disallowedSpecial: new Set<string>() };
  return ok((text) => encoding.countTokens(text, plainText));
}
