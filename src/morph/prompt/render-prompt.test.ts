import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../shared/digest.ts';
import { deriveBoundary } from '../bundle/derive-boundary.ts';
import { derivePromptBoundary, promptMarkerPrefix, renderPrompt, writePrompt, type PromptRequest } from './render-prompt.ts';
import { assertProperty } from '../../../test-support/assert-property.ts';

const req: PromptRequest = { prefix: 'You are careful.', bundle: 'MORPH-CONTEXT/1 x\n…', guide: 'the guide', task: { id: 'sum', instruction: 'Add the numbers.' }, suffix: 'Answer briefly.' };

describe('MORPH-PROMPT/1 renderer (R-M5)', () => {
  it('renders the four sections in order and returns the five values', () => {
    const r = renderPrompt(req);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const b = derivePromptBoundary([req.prefix, req.bundle, req.task.instruction, req.suffix])!;
    expect(b).toMatch(/^[0-9a-f]{20}$/);
    const mk = (s: string) => `<<<MORPH-PROMPT:${b}:${s}>>>`;
    expect(r.value.rendered).toBe(
      [
        `MORPH-PROMPT/1 ${b}`,
        mk('BEGIN:PREFIX'), req.prefix, mk('END:PREFIX'),
        mk('BEGIN:SELF-CONTAINED-BUNDLE'), req.bundle, mk('END:SELF-CONTAINED-BUNDLE'),
        mk('BEGIN:TASK'), req.task.instruction, mk('END:TASK'),
        mk('BEGIN:SUFFIX'), req.suffix, mk('END:SUFFIX'),
        mk('END'),
      ].join('\n'),
    );
    expect(r.value.interpretationGuide).toBe('the guide');
    expect(r.value.dataBlock).toBe(req.bundle);
    expect(r.value.selfContainedBundle).toBe(req.bundle);
    expect(r.value.renderedDigest).toBe(sha256Hex(r.value.rendered));
  });

  it('hashes morph-prompt-boundary/1, n and the four parts joined by NUL; keeps 20 hex digits', () => {
    const parts = [req.prefix, req.bundle, req.task.instruction, req.suffix] as const;
    expect(derivePromptBoundary(parts)).toBe(sha256Hex(`morph-prompt-boundary/1\n0\n${parts.join('\u0000')}`).slice(0, 20));
  });

  it('rejects a candidate whose generic marker prefix occurs in a part (skips to the next attempt)', () => {
    const parts = [req.prefix, req.bundle, req.task.instruction, req.suffix];
    const a0 = sha256Hex(`morph-prompt-boundary/1\n0\n${parts.join('\u0000')}`).slice(0, 20);
    const a1 = sha256Hex(`morph-prompt-boundary/1\n1\n${parts.join('\u0000')}`).slice(0, 20);
    const chosen = deriveBoundary({ seed: 'morph-prompt-boundary/1', hexDigits: 20, maxAttempts: 1024, forbidden: (b) => [b === a0 ? '' : promptMarkerPrefix(b)] }, parts);
    expect(chosen).toBe(a1);
  });

  it('property: deterministic, and no part contains the chosen marker prefix', () => {
    const part = fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('<<<MORPH-PROMPT:', '>>>\n', ':END>>>'));
    assertProperty(
      fc.property(part, part, part.filter((s) => s.length > 0), part, (prefix, bundle, instruction, suffix) => {
        const r1 = renderPrompt({ prefix, bundle, guide: '', task: { id: 't', instruction }, suffix });
        const r2 = renderPrompt({ prefix, bundle, guide: '', task: { id: 't', instruction }, suffix });
        expect(r1).toEqual(r2);
        if (!r1.ok) return;
        const b = r1.value.rendered.slice('MORPH-PROMPT/1 '.length, 'MORPH-PROMPT/1 '.length + 20);
        for (const p of [prefix, bundle, instruction, suffix]) expect(p.includes(promptMarkerPrefix(b))).toBe(false);
        expect(r1.value.rendered).toBe(writePrompt([prefix, bundle, instruction, suffix], b));
        expect(r1.value.rendered.endsWith(`<<<MORPH-PROMPT:${b}:END>>>`)).toBe(true);
      }),
      { seed: 4420, numRuns: 200 },
    );
  });
});
