import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bundleParts } from '../../../generators/morph/bundle-parts.ts';
import { sha256Hex } from '../../shared/digest.ts';
import { bundleMarkers, markersInOrder } from './bundle-markers.ts';
import { CONTEXT_CODES } from './constants.ts';
import { deriveBoundary } from './derive-boundary.ts';
import { deriveBundleBoundary, frameBundle, writeBundle, type BundleParts } from './frame-bundle.ts';
import { parseBundleFrame } from './parse-bundle-frame.ts';
import { assertProperty } from '../../../test-support/assert-property.ts';

const sample: BundleParts = { guide: 'guide text\nline two', metadata: '{"a":1}', schema: 'null', payload: '[1,2]' };

function framed(parts: BundleParts): string {
  const f = frameBundle(parts);
  if (!f.ok) throw new Error(f.error.code);
  return f.value.text;
}

function codeOf(text: string): string | undefined {
  const r = parseBundleFrame(text);
  return r.ok ? undefined : r.error.code;
}

describe('MORPH-CONTEXT/1 framing (R-M4, R-M6)', () => {
  it('writes the canonical layout: header, four sections in order, final marker without LF', () => {
    const f = frameBundle(sample);
    expect(f.ok).toBe(true);
    if (!f.ok) return;
    const b = f.value.boundary;
    const m = bundleMarkers(b);
    expect(f.value.text).toBe(
      [
        `MORPH-CONTEXT/1 ${b}`,
        m.begin.GUIDE, 'guide text', 'line two', m.end.GUIDE,
        m.begin.METADATA, '{"a":1}', m.end.METADATA,
        m.begin.SCHEMA, 'null', m.end.SCHEMA,
        m.begin.PAYLOAD, '[1,2]', m.end.PAYLOAD,
        m.final,
      ].join('\n'),
    );
    expect(m.begin.GUIDE).toBe(`<<<MORPH:${b}:BEGIN:GUIDE>>>`);
    expect(m.final).toBe(`<<<MORPH:${b}:END>>>`);
  });

  it('takes attempt 0 when it is free: the first 24 hex of sha256("morph-boundary/1\\n0\\n" guide NUL metadata NUL schema NUL payload)', () => {
    const expected = sha256Hex(`morph-boundary/1\n0\n${sample.guide}\u0000${sample.metadata}\u0000${sample.schema}\u0000${sample.payload}`).slice(0, 24);
    expect(deriveBundleBoundary(sample)).toBe(expected);
  });

  it('skips a candidate whose marker occurs in a part, for every one of the nine markers and four parts', () => {
    const first = deriveBundleBoundary(sample)!;
    const markers = markersInOrder(bundleMarkers(first));
    for (const key of ['guide', 'metadata', 'schema', 'payload'] as const) {
      for (const marker of markers) {
        const parts = { ...sample, [key]: `${sample[key]} ${marker}` };
        // The candidate sequence depends on the parts, so recompute attempt 0 for these parts.
        const attempt0 = sha256Hex(`morph-boundary/1\n0\n${[parts.guide, parts.metadata, parts.schema, parts.payload].join('\u0000')}`).slice(0, 24);
        const chosen = deriveBundleBoundary(parts)!;
        const collides = [parts.guide, parts.metadata, parts.schema, parts.payload].some((p) => markersInOrder(bundleMarkers(chosen)).some((mk) => p.includes(mk)));
        expect(collides).toBe(false);
        if (markersInOrder(bundleMarkers(attempt0)).some((mk) => parts[key].includes(mk))) expect(chosen).not.toBe(attempt0);
      }
    }
  });

  it('moves to attempt n + 1 when attempt n collides (the search the bundle uses)', () => {
    const parts = [sample.guide, sample.metadata, sample.schema, sample.payload];
    const attempt = (n: number) => sha256Hex(`morph-boundary/1\n${n}\n${parts.join('\u0000')}`).slice(0, 24);
    // Parts cannot embed a marker of their own attempt 0 (the hash covers them), so the collision is injected.
    const taken = new Set([attempt(0), attempt(1)]);
    const chosen = deriveBoundary({ seed: 'morph-boundary/1', hexDigits: 24, maxAttempts: 1024, forbidden: (b) => (taken.has(b) ? [''] : [`<<<MORPH:${b}:END>>>`]) }, parts);
    expect(chosen).toBe(attempt(2));
  });

  it('reports exhaustion when every candidate collides', () => {
    expect(deriveBoundary({ seed: 's', hexDigits: 24, maxAttempts: 1024, forbidden: () => [''] }, ['a'])).toBeUndefined();
  });

  it('property: parse(frame(parts)) = parts, boundaries deterministic, even with marker-like text', () => {
    assertProperty(
      fc.property(bundleParts(), (parts) => {
        const a = frameBundle(parts);
        const b = frameBundle(parts);
        expect(a.ok && b.ok).toBe(true);
        if (!a.ok || !b.ok) return;
        expect(a.value).toEqual(b.value);
        const parsed = parseBundleFrame(a.value.text);
        expect(parsed).toEqual({ ok: true, value: { boundary: a.value.boundary, ...parts } });
        for (const p of [parts.guide, parts.metadata, parts.schema, parts.payload]) {
          for (const m of markersInOrder(bundleMarkers(a.value.boundary))) expect(p.includes(m)).toBe(false);
        }
      }),
      { seed: 4401, numRuns: 300 },
    );
  });

  it('property: the parser never throws and returns a Result on arbitrary text', () => {
    assertProperty(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 200 }), bundleParts().map(framed).chain((t) => fc.tuple(fc.nat({ max: t.length }), fc.nat({ max: t.length }), fc.string({ maxLength: 4 })).map(([i, j, s]) => t.slice(0, Math.min(i, j)) + s + t.slice(Math.max(i, j))))), (text) => {
        const r = parseBundleFrame(text);
        expect(typeof r.ok).toBe('boolean');
      }),
      { seed: 4402, numRuns: 400 },
    );
  });
});

describe('parseBundleFrame refusals', () => {
  const text = framed(sample);
  const b = deriveBundleBoundary(sample)!;
  const m = bundleMarkers(b);

  it('core: wrong header, bad boundary', () => {
    expect(codeOf(text.replace('MORPH-CONTEXT/1', 'MORPH-CONTEXT/2'))).toBe(CONTEXT_CODES.BUNDLE_HEADER);
    expect(codeOf(text.replace(`MORPH-CONTEXT/1 ${b}`, `MORPH-CONTEXT/1 ${b.toUpperCase()}`))).toBe(CONTEXT_CODES.BUNDLE_HEADER);
    expect(codeOf(text.replace(`MORPH-CONTEXT/1 ${b}`, `MORPH-CONTEXT/1 ${b.slice(1)}`))).toBe(CONTEXT_CODES.BUNDLE_HEADER);
    expect(codeOf(`\ufeff${text}`)).toBe(CONTEXT_CODES.BUNDLE_HEADER);
    expect(codeOf('')).toBe(CONTEXT_CODES.BUNDLE_HEADER);
  });

  it('accepts any 24-hex boundary the markers agree on (R-M6a)', () => {
    const other = 'abcdefabcdefabcdefabcdef';
    expect(parseBundleFrame(writeBundle(sample, other))).toEqual({ ok: true, value: { boundary: other, ...sample } });
  });

  it('core: each of the nine markers missing or duplicated', () => {
    for (const marker of markersInOrder(m)) {
      expect(codeOf(text.replace(marker, marker.replace('<<<', '<<')))).toBe(CONTEXT_CODES.BUNDLE_MARKER_MISSING);
      expect(codeOf(text.replace(marker, `${marker}\n${marker}`))).toBe(CONTEXT_CODES.BUNDLE_MARKER_DUPLICATE);
    }
  });

  it('core: text after the final marker; strict: a trailing LF', () => {
    expect(codeOf(`${text}x`)).toBe(CONTEXT_CODES.BUNDLE_TRAILING_DATA);
    expect(parseBundleFrame(`${text}\n`)).toMatchObject({ ok: false, error: { code: CONTEXT_CODES.BUNDLE_LAYOUT, profile: 'strict' } });
  });

  it('strict: reordered sections, bytes between sections, CRLF, missing LF after a marker', () => {
    const swapped = writeBundle(sample, b).replace(
      `${m.begin.METADATA}\n${sample.metadata}\n${m.end.METADATA}\n${m.begin.SCHEMA}\n${sample.schema}\n${m.end.SCHEMA}`,
      `${m.begin.SCHEMA}\n${sample.schema}\n${m.end.SCHEMA}\n${m.begin.METADATA}\n${sample.metadata}\n${m.end.METADATA}`,
    );
    const layout = { ok: false, error: { code: CONTEXT_CODES.BUNDLE_LAYOUT, profile: 'strict' } };
    expect(parseBundleFrame(swapped)).toMatchObject(layout);
    expect(parseBundleFrame(text.replace(`${m.end.GUIDE}\n`, `${m.end.GUIDE}\n\n`))).toMatchObject(layout);
    expect(parseBundleFrame(text.replaceAll('\n', '\r\n'))).toMatchObject(layout);
    expect(parseBundleFrame(text.replace(`${m.begin.SCHEMA}\n`, m.begin.SCHEMA))).toMatchObject(layout);
    expect(parseBundleFrame(text.replace(`\n${m.end.PAYLOAD}`, m.end.PAYLOAD))).toMatchObject(layout);
    expect(parseBundleFrame(text.replace(`${m.end.PAYLOAD}\n`, m.end.PAYLOAD))).toMatchObject(layout);
  });

  it('strict: a CR LF header line is a layout fault checked after the markers and the final marker (R-M6 order)', () => {
    const crlf = text.replaceAll('\n', '\r\n');
    expect(codeOf(crlf.replace(m.final, `${m.final}\r\n${m.final}`))).toBe(CONTEXT_CODES.BUNDLE_MARKER_DUPLICATE);
    expect(codeOf(crlf.replace(m.end.GUIDE, ''))).toBe(CONTEXT_CODES.BUNDLE_MARKER_MISSING);
    expect(codeOf(`${crlf}x`)).toBe(CONTEXT_CODES.BUNDLE_TRAILING_DATA);
    // Only the header line ends with CR LF: the sections alone would pass the layout check.
    expect(parseBundleFrame(text.replace('\n', '\r\n'))).toMatchObject({ ok: false, error: { code: CONTEXT_CODES.BUNDLE_LAYOUT, profile: 'strict' } });
    expect(parseBundleFrame(text.replace('\n', '\r\n'), 'core')).toMatchObject({ ok: true });
  });

  it('keeps empty sections apart from a missing LF', () => {
    const empty = { ...sample, payload: '' };
    expect(parseBundleFrame(framed(empty))).toMatchObject({ ok: true, value: { payload: '' } });
    const e = framed(empty);
    const eb = bundleMarkers(deriveBundleBoundary(empty)!);
    expect(codeOf(e.replace(`${eb.begin.PAYLOAD}\n\n${eb.end.PAYLOAD}`, `${eb.begin.PAYLOAD}\n${eb.end.PAYLOAD}`))).toBe(CONTEXT_CODES.BUNDLE_LAYOUT);
  });
});
