/**
 * Fuzz findings grouped for a person: disagreements that share their class, the oracle's refusal
 * code and the rule the oracle enforced are one finding, however many generated cases hit it. A
 * group is shrunk once (its first case) and counts the rest, so a reader that tolerates CR shows
 * one `accepted-invalid · CARRIAGE_RETURN · R-J1` finding with its count, not nine look-alikes.
 */
import type { Judgement } from './judge-input.ts';

/** What makes two disagreements the same finding. */
export interface FindingKey {
  readonly disagreement: string;
  /** The oracle's refusal code; undefined when the oracle accepts. */
  readonly code?: string;
  /** The requirement the oracle's refusal enforces; undefined when the oracle accepts. */
  readonly requirement?: string;
}

/** The key of a judged disagreement (undefined when the judgement agrees). */
export function findingKey(judgement: Judgement): FindingKey | undefined {
  if (!judgement.disagreement) return undefined;
  const expect = judgement.expectation.expect;
  return {
    disagreement: judgement.disagreement,
    ...(expect.verdict === 'reject' && expect.code !== undefined ? { code: expect.code } : {}),
    ...(judgement.expectation.requirement !== undefined ? { requirement: judgement.expectation.requirement } : {}),
  };
}

/** The key as one string, for maps (a key's parts never hold a space). */
export function findingKeyText(key: FindingKey): string {
  return `${key.disagreement} ${key.code ?? '-'} ${key.requirement ?? '-'}`;
}

/** How a person reads a group's key: `accepted-invalid · CARRIAGE_RETURN · R-J1`, `rejected-valid · oracle accepts`. */
export function describeFindingKey(key: FindingKey): string {
  if (key.code === undefined) return `${key.disagreement} · oracle accepts`;
  return [key.disagreement, key.code, ...(key.requirement !== undefined ? [key.requirement] : [])].join(' · ');
}
