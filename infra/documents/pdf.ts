/**
 * A tiny PDF writer for the documents the platform ships itself (exam packs, demo lesson
 * handouts): A4 pages of Helvetica text, word-wrapped, with a document title viewers show.
 * PDF 1.4, the standard 14 fonts (nothing embedded), WinAnsi text: enough for a valid file any
 * viewer opens, without a library.
 */

export interface PdfLine {
  text: string;
  /** Points; 11 unless told. */
  size?: number;
  bold?: boolean;
  /** Space before the line, in points (on top of the line height). */
  gap?: number;
}

export interface PdfDocument {
  /** The document title (Info dictionary): what a viewer's title bar shows. */
  title: string;
  author?: string;
  /** Each page's lines, top to bottom; a line that does not fit the width wraps. */
  pages: PdfLine[][];
}

const PAGE = { width: 595, height: 842, margin: 72 };
/** Helvetica's average glyph width is about half the font size: a safe wrap width without metrics. */
const AVERAGE_GLYPH_EM = 0.5;

/** WinAnsi has no curly quotes or dashes at the code points JavaScript uses: plain ones instead. */
const toWinAnsi = (text: string) => text
  .replace(/[‘’]/g, "'").replace(/[“”]/g, '"').replace(/[–—]/g, '-').replace(/…/g, '...')
  .replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

const escapeText = (text: string) => toWinAnsi(text).replace(/[()\\]/g, (c) => `\\${c}`);

/** Splits a line into pieces no wider than the text column at its size. */
export function wrapLine(text: string, size: number, width = PAGE.width - 2 * PAGE.margin): string[] {
  const maxChars = Math.max(10, Math.floor(width / (size * AVERAGE_GLYPH_EM)));
  const out: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = current ? `${current} ${word}` : word;
    if (next.length > maxChars && current) {
      out.push(current);
      current = word;
    } else {
      current = next;
    }
  }
  out.push(current);
  return out;
}

function pageStream(lines: PdfLine[]): string {
  const ops: string[] = [];
  let y = PAGE.height - PAGE.margin;
  for (const line of lines) {
    const size = line.size ?? 11;
    y -= line.gap ?? 0;
    for (const piece of wrapLine(line.text, size)) {
      y -= size * 1.4;
      ops.push(`BT /${line.bold ? 'F2' : 'F1'} ${size} Tf ${PAGE.margin} ${y.toFixed(1)} Td (${escapeText(piece)}) Tj ET`);
    }
  }
  return ops.join('\n');
}

/** The document as PDF bytes. */
export function writePdf(doc: PdfDocument): Buffer {
  // Objects 1–5 are fixed; each page then takes two numbers (page, content stream).
  const pageIds = doc.pages.map((_, i) => 6 + i * 2);
  const objects: string[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${doc.pages.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Title (${escapeText(doc.title)})${doc.author ? ` /Author (${escapeText(doc.author)})` : ''} /Producer (Africa's Learning Platform) >>`,
  ];
  doc.pages.forEach((lines, i) => {
    const stream = pageStream(lines);
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageIds[i]! + 1} 0 R >>`,
      `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    );
  });
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
