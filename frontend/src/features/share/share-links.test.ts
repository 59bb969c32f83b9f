import { describe, expect, it } from 'vitest';
import { canonicalUrl, whatsappLink } from './share-links';

describe('share links', () => {
  it('shares the canonical address: the origin and the page path only', () => {
    expect(canonicalUrl('https://alp.example/', '/tutor-profile/t1')).toBe('https://alp.example/tutor-profile/t1');
  });

  it('the WhatsApp link carries the text and the address, encoded', () => {
    expect(whatsappLink("Amina's course & more", 'https://alp.example/courses/c1'))
      .toBe('https://wa.me/?text=Amina\'s%20course%20%26%20more%20https%3A%2F%2Falp.example%2Fcourses%2Fc1');
  });
});
