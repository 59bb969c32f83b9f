/**
 * Formatted text written by people or a model (the study assistant's replies, a course's lesson
 * text), safely: a small Markdown subset (paragraphs, "- " and "1. " lists, "#" headings,
 * **bold**, *italics*, `code`, [links](https://…), ``` blocks) parsed into React elements. Text
 * only ever becomes text nodes: whatever HTML is written is shown as characters, never
 * interpreted, and a link is a link only to an http(s) or mailto address (never `javascript:`).
 */
import type { ReactNode } from 'react';
import './rich-text.css';

export type Inline =
  | { kind: 'text' | 'bold' | 'italic' | 'code'; text: string }
  | { kind: 'link'; text: string; href: string };
export type Block =
  | { kind: 'paragraph'; lines: Inline[][] }
  | { kind: 'heading'; inline: Inline[] }
  | { kind: 'list'; ordered: boolean; items: Inline[][] }
  | { kind: 'code'; text: string };

// Italics need a letter right inside each star, so "2 * 3 * 4" stays arithmetic.
const INLINE = /(\*\*[^*\n]+\*\*|\*[^\s*][^*\n]*?(?<=[^\s*])\*|\*[^\s*]\*|`[^`\n]+`|\[[^\]\n]+\]\([^()\s]+\))/;
const LINK = /^\[([^\]\n]+)\]\(([^()\s]+)\)$/;
/** The only addresses a written link may open: a web page or an e-mail. */
const SAFE_HREF = /^(https?:\/\/|mailto:)/i;
const BULLET = /^\s*[-*•]\s+(.*)$/;
const NUMBERED = /^\s*\d{1,3}[.)]\s+(.*)$/;
const HEADING = /^\s*#{1,6}\s+(.*)$/;

export function parseInline(text: string): Inline[] {
  return text.split(INLINE).filter(Boolean).map((part): Inline => {
    if (part.length > 4 && part.startsWith('**') && part.endsWith('**')) return { kind: 'bold', text: part.slice(2, -2) };
    if (part.length > 2 && part.startsWith('*') && part.endsWith('*') && !part.startsWith('**')) return { kind: 'italic', text: part.slice(1, -1) };
    if (part.length > 2 && part.startsWith('`') && part.endsWith('`')) return { kind: 'code', text: part.slice(1, -1) };
    const link = LINK.exec(part);
    if (link && SAFE_HREF.test(link[2]!)) return { kind: 'link', text: link[1]!, href: link[2]! };
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

function InlinePart({ part }: { part: Inline }): ReactNode {
  switch (part.kind) {
    case 'bold': return <strong>{part.text}</strong>;
    case 'italic': return <em>{part.text}</em>;
    case 'code': return <code>{part.text}</code>;
    // Someone else's page: opened apart, told nothing about ours.
    case 'link': return <a href={part.href} target="_blank" rel="noopener noreferrer nofollow">{part.text}</a>;
    case 'text': return part.text;
  }
}

function InlineText({ parts }: { parts: Inline[] }) {
  return <>{parts.map((part, i) => <InlinePart key={i} part={part} />)}</>;
}

type HeadingLevel = 3 | 4 | 5 | 6;

function BlockView({ block, headingLevel }: { block: Block; headingLevel: HeadingLevel | undefined }): ReactNode {
  switch (block.kind) {
    case 'heading': {
      // Without a level (a chat reply) not a heading element: it must not break the page's outline.
      if (!headingLevel) return <p className="rich-heading"><strong><InlineText parts={block.inline} /></strong></p>;
      const Tag = `h${headingLevel}` as const;
      return <Tag className="rich-heading"><InlineText parts={block.inline} /></Tag>;
    }
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

/** `headingLevel`: "#" lines become headings of this level (below the page's own), else bold lines. */
export function RichText({ text, headingLevel, className }: { text: string; headingLevel?: HeadingLevel; className?: string }) {
  return (
    <div className={className ? `rich-text ${className}` : 'rich-text'}>
      {parseBlocks(text).map((block, i) => <BlockView key={i} block={block} headingLevel={headingLevel} />)}
    </div>
  );
}
