import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { parseBlocks, RichText } from './RichText';

const html = (text: string) => renderToStaticMarkup(<RichText text={text} />);

describe('formatted text (assistant replies, lesson text)', () => {
  it('shows HTML and script from a reply as text, never as markup', () => {
    const out = html('<script>alert(1)</script> **<img src=x onerror=alert(1)>** `<b>` [x](javascript:alert(1))');
    expect(out).not.toContain('<script');
    expect(out).not.toContain('<img');
    expect(out).not.toContain('<b>');
    expect(out).not.toContain('href');
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(out).toContain('<strong>&lt;img src=x onerror=alert(1)&gt;</strong>');
    expect(out).toContain('<code>&lt;b&gt;</code>');
  });

  it('formats the subset the system prompt asks for', () => {
    expect(html('**Key idea:** energy\nis conserved.\n\nNext paragraph')).toBe(
      '<div class="rich-text"><p><span><strong>Key idea:</strong> energy</span><span><br/>is conserved.</span></p><p><span>Next paragraph</span></p></div>',
    );
    expect(html('- one\n- `two`\n\n- three')).toBe('<div class="rich-text"><ul><li>one</li><li><code>two</code></li><li>three</li></ul></div>');
    expect(html('1. first\n2) second')).toBe('<div class="rich-text"><ol><li>first</li><li>second</li></ol></div>');
    expect(html('## Answers')).toBe('<div class="rich-text"><p class="rich-heading"><strong>Answers</strong></p></div>');
    expect(html('```\nx = 1 < 2\n```')).toBe('<div class="rich-text"><pre><code>x = 1 &lt; 2</code></pre></div>');
  });

  it('leaves unmatched markers as they are, and an empty reply empty', () => {
    expect(parseBlocks('2 * 3 = 6 and **unclosed')).toEqual([{ kind: 'paragraph', lines: [[{ kind: 'text', text: '2 * 3 = 6 and **unclosed' }]] }]);
    expect(parseBlocks('  \n\n')).toEqual([]);
  });

  it('formats italics and links to web pages and e-mail; a javascript: or data: link stays text', () => {
    expect(html('*Photosynthesis* makes **sugar**')).toBe('<div class="rich-text"><p><span><em>Photosynthesis</em> makes <strong>sugar</strong></span></p></div>');
    expect(html('See [the guide](https://example.org/soil) or [write](mailto:a@b.test)')).toBe(
      '<div class="rich-text"><p><span>See <a href="https://example.org/soil" target="_blank" rel="noopener noreferrer nofollow">the guide</a> or '
      + '<a href="mailto:a@b.test" target="_blank" rel="noopener noreferrer nofollow">write</a></span></p></div>',
    );
    for (const href of ['javascript:alert(1)', 'JavaScript:alert`1`', 'data:text/html,x', '/relative', 'vbscript:x']) {
      const out = html(`[click](${href})`);
      expect(out, href).not.toContain('<a');
      expect(out, href).toContain('[click]');
    }
    expect(html('2 * 3 * 4 = 24')).toBe('<div class="rich-text"><p><span>2 * 3 * 4 = 24</span></p></div>');
  });

  it('makes "#" lines headings at the level given, bold lines without one', () => {
    expect(html('# Soil')).toBe('<div class="rich-text"><p class="rich-heading"><strong>Soil</strong></p></div>');
    expect(renderToStaticMarkup(<RichText text={'# Soil\nIt is *alive*.'} headingLevel={4} />)).toBe(
      '<div class="rich-text"><h4 class="rich-heading">Soil</h4><p><span>It is <em>alive</em>.</span></p></div>',
    );
  });
});
