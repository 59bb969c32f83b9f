import { describe, expect, it } from 'vitest';
import { courseShareCardSvg, fitLine, renderCourseShareImage, renderShareImage, SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH, shareCardSvg, type ShareCard } from './share-image.js';

/** A 2×2 red PNG and the same picture as WebP (the three types a profile photo may have). */
const RED_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64');
const RED_WEBP = Buffer.from('UklGRjwAAABXRUJQVlA4IDAAAADQAQCdASoCAAIAAUAmJaACdLoB+AADsAD+8ut//NgVzXPv9//S4P0uD9Lg/9KQAAA=', 'base64');

const card = (over: Partial<ShareCard> = {}): ShareCard => ({
  name: 'Grace Wanjiru', subjects: ['Mathematics', 'Physics'], hourlyRate: 1500, verified: true, language: 'en', ...over,
});

const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

describe('share image', () => {
  it('is a 1200×630 PNG with the name, subjects and rate', async () => {
    const svg = shareCardSvg(card());
    expect(svg).toContain('Grace Wanjiru');
    expect(svg).toContain('Mathematics · Physics');
    expect(svg).toContain('KSh 1,500');
    expect(svg).toContain('per hour');
    const png = await renderShareImage(card());
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(pngSize(png)).toEqual({ width: SHARE_IMAGE_WIDTH, height: SHARE_IMAGE_HEIGHT });
  });

  it('shows a rating only from real reviews', () => {
    expect(shareCardSvg(card())).not.toContain('★');
    expect(shareCardSvg(card({ rating: { average: 4.75, count: 12 } }))).toContain('★ 4.8 · 12 reviews');
    expect(shareCardSvg(card({ rating: { average: 5, count: 0 } }))).not.toContain('★');
  });

  it('draws a PNG or JPEG photo, and initials for WebP or no photo', async () => {
    expect(shareCardSvg(card({ photo: { bytes: RED_PNG, contentType: 'image/png' } }))).toContain('<image href="data:image/png;base64,');
    for (const photo of [undefined, { bytes: RED_WEBP, contentType: 'image/webp' }]) {
      const svg = shareCardSvg(card({ photo }));
      expect(svg).not.toContain('<image');
      expect(svg).toMatch(/>GW<\/text>/);
    }
    const [withPhoto, withoutPhoto] = await Promise.all([
      renderShareImage(card({ photo: { bytes: RED_PNG, contentType: 'image/png' } })), renderShareImage(card()),
    ]);
    expect(withPhoto.equals(withoutPhoto)).toBe(false);
  });

  it('keeps what a tutor typed as text, never as markup', async () => {
    const name = '</text><script>alert("x")</script> & \'Co\'';
    const svg = shareCardSvg(card({ name, subjects: ['<b>Maths</b>'] }));
    expect(svg).not.toContain('<script>');
    expect(svg).not.toContain('<b>');
    expect(svg).toContain('&lt;/text&gt;&lt;script');
    expect(svg).toContain('&lt;b&gt;Maths&lt;/b&gt;');
    await expect(renderShareImage(card({ name }))).resolves.toBeInstanceOf(Buffer);
  });

  it('shortens a long name or subject list to the card width', () => {
    const long = 'Wanjiku Nyambura-Kariuki Wambui Muthoni Njeri Achieng';
    const line = fitLine(long, 60, 640);
    expect(line.endsWith('…')).toBe(true);
    expect([...line].length).toBeLessThan([...long].length);
    expect(fitLine('Grace Wanjiru', 60, 640)).toBe('Grace Wanjiru');
  });

  it('speaks Kiswahili on the Kiswahili page', () => {
    const svg = shareCardSvg(card({ language: 'sw', rating: { average: 4.5, count: 3 } }));
    expect(svg).toContain('kwa saa');
    expect(svg).toContain('Mwalimu aliyethibitishwa');
    expect(svg).toContain('maoni 3');
  });
});

describe("a course's share image", () => {
  const card = { title: 'Organic Chemistry Revision', tutorName: 'Amina Otieno', price: 1500, lessonCount: 2, language: 'en' as const };

  it('is a 1200×630 PNG with the title, the tutor and the price', async () => {
    const svg = courseShareCardSvg(card);
    // Estimated widths (no rasteriser) are generous: the title may take both lines.
    expect(svg.replace(/<\/text><text[^>]*>/g, ' ')).toContain('Organic Chemistry Revision');
    expect(svg).toContain('by Amina Otieno');
    expect(svg).toContain('KSh 1,500');
    const png = await renderCourseShareImage(card);
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([SHARE_IMAGE_WIDTH, SHARE_IMAGE_HEIGHT]);
  });

  it('says Free (Bure) for a free course, in the page\'s language', () => {
    expect(courseShareCardSvg({ ...card, price: null })).toMatch(/>Free[ <]/);
    const sw = courseShareCardSvg({ ...card, price: null, language: 'sw' });
    expect(sw).toContain('Bure');
    expect(sw).toContain('na Amina Otieno');
  });

  it('puts a long title on two lines, the second shortened, and keeps markup as text', () => {
    const long = courseShareCardSvg({ ...card, title: 'A very long course title about <organic> chemistry that goes on and on and on well past the edge of the card' });
    const lines = [...long.matchAll(/font-size="64" font-weight="bold" fill="#0f172a">([^<]*)</g)].map((m) => m[1]);
    expect(lines).toHaveLength(2);
    expect(lines[1]!.endsWith('…')).toBe(true);
    expect(long).not.toContain('<organic>');
  });
});
