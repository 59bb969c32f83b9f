/**
 * Text contrast over gradients and translucent layers, which axe cannot judge (it reports such
 * text as "needs review", never as a pass or a violation). For each text element: screenshot its
 * content box with all text made transparent, so only what is behind the letters is left, then compare the
 * text colour with every background pixel; the worst pixel is the element's contrast (WCAG 1.4.3).
 */
import type { Page } from 'playwright-core';

export interface TextContrast {
  /** The element's text, shortened. */
  text: string;
  /** Lowest contrast ratio of its colour against any pixel behind it. */
  ratio: number;
  /** 3 for large text (≥ 24 px, or ≥ 18.66 px bold), else 4.5. */
  required: number;
}

const HIDE_TEXT_STYLE_ID = 'contrast-check-hide-text';

/** The worst contrast of each visible text element matched by `selector`. */
export async function textContrasts(page: Page, selector: string): Promise<TextContrast[]> {
  const targets = await page.locator(selector).evaluateAll((elements) => elements
    .filter((el) => (el as HTMLElement).innerText.trim() && el.getBoundingClientRect().width > 0)
    .map((el, index) => {
      el.setAttribute('data-contrast-check', String(index));
      const style = getComputedStyle(el);
      const size = parseFloat(style.fontSize);
      const bold = Number(style.fontWeight) >= 700;
      return {
        index,
        text: (el as HTMLElement).innerText.replace(/\s+/g, ' ').trim().slice(0, 40),
        color: style.color,
        large: size >= 24 || (bold && size >= 18.66),
      };
    }));

  await page.addStyleTag({
    content: '* { color: transparent !important; text-shadow: none !important; caret-color: transparent !important; }',
  }).then((handle) => handle.evaluate((el, id) => { (el as HTMLElement).id = id; }, HIDE_TEXT_STYLE_ID));
  try {
    const results: TextContrast[] = [];
    for (const target of targets) {
      const element = page.locator(`[data-contrast-check="${target.index}"]`);
      await element.scrollIntoViewIfNeeded();
      // The content box only: the text sits there, and the element's own border is not behind it.
      const clip = await element.evaluate((el) => {
        const rect = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        const inset = (side: string) => parseFloat(style.getPropertyValue(`border-${side}-width`)) + parseFloat(style.getPropertyValue(`padding-${side}`));
        const left = rect.left + inset('left');
        const top = rect.top + inset('top');
        return { x: left, y: top, width: rect.right - inset('right') - left, height: rect.bottom - inset('bottom') - top };
      });
      const png = await page.screenshot({ clip, animations: 'disabled' });
      const ratio = await page.evaluate(async ({ data, color }) => {
        const channel = (c: number) => {
          const s = c / 255;
          return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        };
        const luminance = (r: number, g: number, b: number) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
        const [r, g, b] = color.match(/[\d.]+/g)!.map(Number);
        const text = luminance(r!, g!, b!);
        const image = new Image();
        image.src = `data:image/png;base64,${data}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.width;
        canvas.height = image.height;
        const context = canvas.getContext('2d')!;
        context.drawImage(image, 0, 0);
        const pixels = context.getImageData(0, 0, image.width, image.height).data;
        let worst = Infinity;
        for (let i = 0; i < pixels.length; i += 4) {
          const back = luminance(pixels[i]!, pixels[i + 1]!, pixels[i + 2]!);
          const contrast = (Math.max(text, back) + 0.05) / (Math.min(text, back) + 0.05);
          if (contrast < worst) worst = contrast;
        }
        return worst;
      }, { data: png.toString('base64'), color: target.color });
      results.push({ text: target.text, ratio: Math.round(ratio * 100) / 100, required: target.large ? 3 : 4.5 });
    }
    return results;
  } finally {
    await page.evaluate((id) => document.getElementById(id)?.remove(), HIDE_TEXT_STYLE_ID);
  }
}
