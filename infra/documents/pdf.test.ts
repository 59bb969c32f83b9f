import { describe, expect, it } from 'vitest';
import { EXAM_PACKS } from '../../functions/exampacks/catalog.js';
import { sniffContentType } from '../../functions/uploads/rules.js';
import { examPackPdf } from './exam-packs.js';
import { wrapLine, writePdf } from './pdf.js';

/** Checks what a viewer relies on: every xref offset lands on its object, startxref on the xref. */
function expectValidStructure(pdf: Buffer) {
  const text = pdf.toString('latin1');
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
  expect(text.slice(startxref, startxref + 4)).toBe('xref');
  const count = Number(/^xref\n0 (\d+)\n/.exec(text.slice(startxref))?.[1]);
  const entries = text.slice(startxref).split('\n').slice(3, 2 + count);
  entries.forEach((entry, i) => {
    const offset = Number(entry.slice(0, 10));
    expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
  });
  for (const match of text.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
    const start = match.index + match[0].length;
    expect(text.slice(start + Number(match[1]), start + Number(match[1]) + 10)).toBe('\nendstream');
  }
}

describe('writePdf', () => {
  it('writes a PDF whose cross-reference table and stream lengths are exact', () => {
    const pdf = writePdf({ title: 'Revision (Paper 1) \\ notes', pages: [[{ text: 'Hello', bold: true }], [{ text: 'Page two' }]] });
    expect(sniffContentType(pdf.subarray(0, 32))).toBe('application/pdf');
    expectValidStructure(pdf);
    const text = pdf.toString('latin1');
    expect(text).toContain('/Count 2');
    expect(text).toContain('/Title (Revision \\(Paper 1\\) \\\\ notes)');
  });

  it('wraps long lines at the column width and keeps short ones whole', () => {
    const long = 'word '.repeat(60).trim();
    const pieces = wrapLine(long, 11);
    expect(pieces.length).toBeGreaterThan(2);
    expect(pieces.every((p) => p.length <= Math.floor(451 / 5.5))).toBe(true);
    expect(pieces.join(' ')).toBe(long);
    expect(wrapLine('Short line', 11)).toEqual(['Short line']);
  });

  it('replaces curly quotes and dashes with WinAnsi ones', () => {
    const text = writePdf({ title: 'T', pages: [[{ text: 'It’s 2019–2023' }]] }).toString('latin1');
    expect(text).toContain("(It's 2019-2023) Tj");
  });
});

describe('exam pack PDFs', () => {
  it.each(EXAM_PACKS.map((p) => [p.id, p] as const))('%s has a title page, question pages and a marking guide', (_, pack) => {
    const pdf = examPackPdf(pack);
    expectValidStructure(pdf);
    const text = pdf.toString('latin1');
    expect(text).toContain(`/Title (${pack.title})`);
    expect(text).toContain(`(${pack.title}) Tj`);
    expect(text).toContain('(Marking guide) Tj');
    expect(Number(/\/Count (\d+)/.exec(text)?.[1])).toBeGreaterThanOrEqual(4);
    expect(pdf.byteLength).toBeLessThan(20_000);
  });
});
