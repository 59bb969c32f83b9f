import { describe, expect, it } from 'vitest';
import { fitLine, renderShareImage, SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH, shareCardSvg, type ShareCard } from './share-image.js';

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
