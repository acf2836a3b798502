/**
 * The one way a refusal gets its profile: code → rule → profile, read from the spec registries
 * (spec/<format>/error-codes*.json and requirements*.json), never typed at a call site.
 *
 * A code names its main requirement; a code that enforces more than one rule lists the others as
 * `variants`. The profile is the entry's own `profile` when the registry pins one (a resolution makes
 * that refusal strict although the document states the rule), else the requirement's profile.
 */
import type { Profile } from './errors.ts';
import { loadErrorCodes, loadRequirements, REGISTRY_FORMATS, type RegistryFormat } from './registry.ts';

/** What a refusal cites: its code, the rule it enforces and that rule's profile. Frozen and shared. */
export interface RefusalRule {
  readonly code: string;
  readonly requirement: string;
  readonly profile: Profile;
}

interface RegisteredCode {
  readonly main: RefusalRule;
  /** Variants by requirement id and by `name` (when given). */
  readonly variants: ReadonlyMap<string, RefusalRule>;
}

/** The registries, read once per process: format → code → entry. */
let tables: Map<RegistryFormat, Map<string, RegisteredCode>> | undefined;

function loadTables(): Map<RegistryFormat, Map<string, RegisteredCode>> {
  const profiles = new Map<string, Profile>();
  for (const format of REGISTRY_FORMATS) for (const r of loadRequirements(format)) profiles.set(r.id, r.profile);
  const profileOf = (requirement: string, pinned: Profile | undefined, where: string): Profile => {
    const p = pinned ?? profiles.get(requirement);
    if (p === undefined) throw new Error(`registry: ${where} cites unknown requirement ${requirement}`);
    return p;
  };
  const out = new Map<RegistryFormat, Map<string, RegisteredCode>>();
  for (const format of REGISTRY_FORMATS) {
    const codes = new Map<string, RegisteredCode>();
    for (const c of loadErrorCodes(format)) {
      const main = Object.freeze({ code: c.code, requirement: c.requirement, profile: profileOf(c.requirement, c.profile, c.code) });
      const variants = new Map<string, RefusalRule>();
      for (const v of c.variants ?? []) {
        const rule = Object.freeze({ code: c.code, requirement: v.requirement, profile: profileOf(v.requirement, v.profile, c.code) });
        if (v.name !== undefined) variants.set(v.name, rule);
        // A requirement shared by the main entry or a named variant is reached by name only.
        else variants.set(v.requirement, rule);
      }
      codes.set(c.code, { main, variants });
    }
    out.set(format, codes);
  }
  return out;
}

/** The registry entry of `code` for `format` (a shared code when the format has none of its own); the tables are read on first use. */
function registryEntry(format: RegistryFormat, code: string): RegisteredCode {
  tables ??= loadTables();
  const entry = tables.get(format)?.get(code) ?? tables.get('shared')!.get(code);
  if (!entry) throw new Error(`registry: ${format} has no error code ${code}`);
  return entry;
}

/**
 * The registered rule of a refusal with `code` in `format` (codes of the shared JSON core are found
 * from any format). `variant` picks another rule the code enforces: a requirement id listed in the
 * code's variants, or a variant's name. Throws on a code or variant the registry does not list: that is
 * a bug in the caller, found when its module loads (call sites resolve their rules once, up front).
 */
export function refusalFor(format: RegistryFormat, code: string, variant?: string): RefusalRule {
  const entry = registryEntry(format, code);
  if (variant === undefined || variant === entry.main.requirement) return entry.main;
  const rule = entry.variants.get(variant);
  if (!rule) throw new Error(`registry: ${code} has no variant ${variant}`);
  return rule;
}

/**
 * The profile of a refusal with `code` that cites `requirement` (for readers whose call sites name the
 * rule they enforce, as MORPH's do): the registry's profile for that code and rule — the entry's or a
 * variant's pinned profile when it has one — else the requirement's own profile. Throws on a code or a
 * requirement the registries do not list (a bug in the caller, never a verdict on input).
 */
export function profileFor(format: RegistryFormat, code: string, requirement: string): Profile {
  const entry = registryEntry(format, code);
  if (requirement === entry.main.requirement) return entry.main.profile;
  const variant = entry.variants.get(requirement);
  if (variant) return variant.profile;
  return requirementProfile(requirement);
}

/** Every requirement's profile, read once (requirement id → profile). */
let requirementProfiles: Map<string, Profile> | undefined;

/** The profile of requirement `id` in the registries (any format). Throws on an id they do not list. */
export function requirementProfile(id: string): Profile {
  requirementProfiles ??= new Map(REGISTRY_FORMATS.flatMap((f) => loadRequirements(f).map((r) => [r.id, r.profile] as const)));
  const own = requirementProfiles.get(id);
  if (own === undefined) throw new Error(`registry: unknown requirement ${id}`);
  return own;
}

/**
 * Whether a read under `profile` enforces a rule whose registered profile is `ruleProfile`: `strict`
 * enforces every rule, `core` only the rules the format documents state. The one answer every reader
 * asks before a check that only some profiles make.
 */
export function isEnforced(profile: Profile, ruleProfile: Profile): boolean {
  return profile === 'strict' || ruleProfile === 'core';
}
