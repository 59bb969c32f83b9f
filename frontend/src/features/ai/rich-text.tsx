/**
 * The study assistant's replies as formatted text, safely: a tiny Markdown subset (the one the
 * system prompt asks for: paragraphs, "- " and "1. " lists, "#" headings, **bold**, `code`,
 * ``` blocks) parsed into React elements. Text only ever becomes text nodes: whatever HTML a
 * model (or a student) writes is shown as characters, never interpreted.
 */
import type { ReactNode } from 'react';

export type Inline = { kind: 'text' | 'bold' | 'code'; text: string };
export type Block =
  | { kind: 'paragraph'; lines: Inline[][] }
  | { kind: 'heading'; inline: Inline[] }
  | { kind: 'list'; ordered: boolean; items: Inline[][] }
  | { kind: 'code'; text: string };

const INLINE = /(\*\*[^*\n]+\*\*|`[^`\n]+`)/;
const BULLET = /^\s*[-*•]\s+(.*)$/;
const NUMBERED = /^\s*\d{1,3}[.)]\s+(.*)$/;
const HEADING = /^\s*#{1,6}\s+(.*)$/;

export function parseInline(text: string): Inline[] {
  return text.split(INLINE).filter(Boolean).map((part): Inline => {
    if (part.length > 4 && part.startsWith('**') && part.endsWith('**')) return { kind: 'bold', text: part.slice(2, -2) };
    if (part.length > 2 && part.startsWith('`') && part.endsWith('`')) return { kind: 'code', text: part.slice(1, -1) };
    return { kind: 'text', text: part };
  });
}

export function parseBlocks(source: string): Block[] {
  const blocks: Block[] = [];
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    if (line.trim().startsWith('```')) {
      const code: string[] = [];
      for (i++; i < lines.length && !lines[i]!.trim().startsWith('```'); i++) code.push(lines[i]!);
      blocks.push({ kind: 'code', text: code.join('\n') });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({ kind: 'heading', inline: parseInline(heading[1]!) });
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (bullet || numbered) {
      const ordered = Boolean(numbered);
      const last = blocks.at(-1);
      const item = parseInline((bullet ?? numbered)![1]!);
      // Lists continue across blank lines (models often space their items out).
      if (last?.kind === 'list' && last.ordered === ordered) last.items.push(item);
      else blocks.push({ kind: 'list', ordered, items: [item] });
      continue;
    }
    const last = blocks.at(-1);
    const previous = lines[i - 1];
    if (last?.kind === 'paragraph' && previous !== undefined && previous.trim() !== '') last.lines.push(parseInline(line));
    else blocks.push({ kind: 'paragraph', lines: [parseInline(line)] });
  }
  return blocks;
}

function InlineText({ parts }: { parts: Inline[] }) {
  return (
    <>
      {parts.map((part, i) =>
        part.kind === 'bold' ? <strong key={i}>{part.text}</strong> : part.kind === 'code' ? <code key={i}>{part.text}</code> : part.text,
      )}
    </>
  );
}

function BlockView({ block }: { block: Block }): ReactNode {
  switch (block.kind) {
    case 'heading':
      // Not a heading element: a reply must not break the page's outline.
      return <p className="rich-heading"><strong><InlineText parts={block.inline} /></strong></p>;
    case 'code':
      return <pre><code>{block.text}</code></pre>;
    case 'list': {
      const items = block.items.map((item, i) => <li key={i}><InlineText parts={item} /></li>);
      return block.ordered ? <ol>{items}</ol> : <ul>{items}</ul>;
    }
    case 'paragraph':
      return (
        <p>
          {block.lines.map((line, i) => (
            <span key={i}>
              {i > 0 && <br />}
              <InlineText parts={line} />
            </span>
          ))}
        </p>
      );
  }
}

export function RichText({ text }: { text: string }) {
  return (
    <div className="rich-text">
      {parseBlocks(text).map((block, i) => <BlockView key={i} block={block} />)}
    </div>
  );
}
