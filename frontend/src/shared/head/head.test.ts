import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { headInLanguage } from './head';

const template = readFileSync(new URL('../../../index.html', import.meta.url), 'utf8');
const description = (html: string) => /<meta\s+name="description"\s+content="([^"]*)"/.exec(html)?.[1];

describe('a prerendered page\'s head in its language', () => {
  it('keeps the English page as index.html has it, with the page title', () => {
    const page = headInLanguage(template, 'en', 'Find a Tutor');
    expect(description(page)).toBe(description(template));
    expect(page).toContain('<html lang="en">');
    expect(page).toContain("<title>Find a Tutor · Africa's Learning Platform</title>");
  });

  it('gives the Kiswahili page its own description and lang', () => {
    const page = headInLanguage(template, 'sw');
    expect(page).toContain('<html lang="sw">');
    expect(description(page)).toBe("Africa's Learning Platform: pata walimu waliothibitishwa nchini Kenya kwa masomo ya mmoja kwa mmoja, maandalizi ya KCSE na JAMB, mazoezi ya AI na kozi.");
    expect(page).not.toContain('find verified tutors');
  });
});
