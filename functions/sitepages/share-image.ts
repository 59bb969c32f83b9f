/**
 * The share image of a tutor's page (og:image / twitter:image): 1200×630 PNG with the tutor's
 * photo, name, subjects and hourly rate, as WhatsApp, Facebook and X show it above a shared link.
 *
 * Drawn as SVG and rasterised by resvg's WebAssembly build (no native binary to match Lambda's
 * arm64, no system fonts: DejaVu Sans ships with the function; docs/decisions/2026-11-28-share-images.md).
 * resvg draws embedded PNG and JPEG; a WebP photo (also allowed for profile photos) is not drawn,
 * so the card shows the tutor's initials instead, as it does for a tutor without a photo.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Resvg as ResvgClass } from '@resvg/resvg-wasm';
import type { Language } from '../../events/shared/language.js';

export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;

/** What the card says, already in the page's language (subject names are the caller's to translate). */
export interface ShareCard {
  name: string;
  subjects: string[];
  /** KES per hour. */
  hourlyRate: number;
  verified: boolean;
  /** Average of real reviews and their count; absent without reviews (no invented figures). */
  rating?: { average: number; count: number };
  photo?: { bytes: Uint8Array; contentType: string };
  language: Language;
}

/** What a course's card says, in the page's language: its title, its tutor and its price. */
export interface CourseShareCard {
  title: string;
  tutorName: string;
  /** KES; null = free. */
  price: number | null;
  lessonCount: number;
  language: Language;
}

const COURSE_LABELS: Record<Language, { course: string; by: (name: string) => string; free: string; lessons: (n: number) => string }> = {
  en: { course: 'Online course', by: (name) => `by ${name}`, free: 'Free', lessons: (n) => (n === 1 ? '1 lesson' : `${n} lessons`) },
  sw: { course: 'Kozi ya mtandaoni', by: (name) => `na ${name}`, free: 'Bure', lessons: (n) => `masomo ${n}` },
};

/** From the text's left edge (x = 500) to 60 px short of the card's right edge. */
const TEXT_WIDTH = 640;

const LABELS: Record<Language, { perHour: string; verified: string; reviews: (n: number) => string; brand: string }> = {
  en: { perHour: 'per hour', verified: 'Verified tutor', reviews: (n) => (n === 1 ? '1 review' : `${n} reviews`), brand: "Africa's Learning Platform" },
  sw: { perHour: 'kwa saa', verified: 'Mwalimu aliyethibitishwa', reviews: (n) => `maoni ${n}`, brand: "Africa's Learning Platform" },
};

/** Photo types resvg draws; anything else falls back to initials. */
const DRAWABLE = new Set(['image/png', 'image/jpeg']);

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/** A line's drawn width in px, in DejaVu Sans (bold or not) at `fontSize`. */
export type MeasureText = (text: string, fontSize: number, bold: boolean) => number;

/** Without the rasteriser: DejaVu Sans averages about 0.6 em a character (bold 0.68). */
export const estimateWidth: MeasureText = (text, fontSize, bold) => [...text].length * fontSize * (bold ? 0.68 : 0.6);

/** Shortens a line to what fits `maxWidth` px, ending it with "…" (the longest prefix that fits, by halving). */
export function fitLine(text: string, fontSize: number, maxWidth: number, bold = false, measure: MeasureText = estimateWidth): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (measure(clean, fontSize, bold) <= maxWidth) return clean;
  const chars = [...clean];
  let low = 1;
  let high = chars.length - 1;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (measure(`${chars.slice(0, mid).join('').trimEnd()}…`, fontSize, bold) <= maxWidth) low = mid;
    else high = mid - 1;
  }
  return `${chars.slice(0, low).join('').trimEnd()}…`;
}

const initialsOf = (name: string) => name.split(/\s+/).filter(Boolean).slice(0, 2).map((part) => [...part][0]!.toUpperCase()).join('');

const formatKes = (amount: number) => `KSh ${Math.round(amount).toLocaleString('en-KE')}`;

/** The card as SVG (the rasteriser's input; also what unit tests read). */
export function shareCardSvg(card: ShareCard, measure: MeasureText = estimateWidth): string {
  const t = LABELS[card.language];
  const photo = card.photo && DRAWABLE.has(card.photo.contentType)
    ? `<image href="data:${card.photo.contentType};base64,${Buffer.from(card.photo.bytes).toString('base64')}" x="80" y="135" width="360" height="360" preserveAspectRatio="xMidYMid slice" clip-path="url(#round)"/>`
    : `<circle cx="260" cy="315" r="180" fill="#ccfbf1"/><text x="260" y="315" dy="0.35em" text-anchor="middle" font-size="140" font-weight="bold" fill="#0f766e">${escapeXml(initialsOf(card.name))}</text>`;
  const subjects = card.subjects.length ? fitLine(card.subjects.join(' · '), 38, TEXT_WIDTH, false, measure) : '';
  const rating = card.rating && card.rating.count > 0
    ? `<text x="500" y="450" font-size="34" fill="#0f172a">★ ${card.rating.average.toFixed(1)} · ${escapeXml(t.reviews(card.rating.count))}</text>` : '';
  const verified = card.verified
    ? `<text x="500" y="${rating ? 505 : 450}" font-size="30" fill="#15803d">✔ ${escapeXml(t.verified)}</text>` : '';
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_IMAGE_WIDTH}" height="${SHARE_IMAGE_HEIGHT}" viewBox="0 0 ${SHARE_IMAGE_WIDTH} ${SHARE_IMAGE_HEIGHT}" font-family="DejaVu Sans">`,
    '<defs><clipPath id="round"><circle cx="260" cy="315" r="180"/></clipPath></defs>',
    '<rect width="1200" height="630" fill="#ffffff"/>',
    '<rect width="1200" height="90" fill="#0f766e"/>',
    `<text x="80" y="58" font-size="34" font-weight="bold" fill="#ffffff">${escapeXml(t.brand)}</text>`,
    photo,
    `<text x="500" y="235" font-size="60" font-weight="bold" fill="#0f172a">${escapeXml(fitLine(card.name, 60, TEXT_WIDTH, true, measure))}</text>`,
    subjects ? `<text x="500" y="300" font-size="38" fill="#475569">${escapeXml(subjects)}</text>` : '',
    `<text x="500" y="385" font-size="50" font-weight="bold" fill="#0f766e">${escapeXml(formatKes(card.hourlyRate))} <tspan font-size="34" font-weight="normal" fill="#475569">${escapeXml(t.perHour)}</tspan></text>`,
    rating, verified,
    '<rect y="600" width="1200" height="30" fill="#fbbf24"/>',
    '</svg>',
  ].join('');
}

/** Course cards' text runs the card's width (no photo): from x = 80 to 80 px short of the right edge. */
const COURSE_TEXT_WIDTH = 1040;

/** A course's card as SVG: its title on up to two lines, its tutor, its price (or Free) and its lesson count. */
export function courseShareCardSvg(card: CourseShareCard, measure: MeasureText = estimateWidth): string {
  const t = LABELS[card.language];
  const c = COURSE_LABELS[card.language];
  const [first, second] = titleLines(card.title, 64, COURSE_TEXT_WIDTH, measure);
  const priceY = second ? 470 : 400;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_IMAGE_WIDTH}" height="${SHARE_IMAGE_HEIGHT}" viewBox="0 0 ${SHARE_IMAGE_WIDTH} ${SHARE_IMAGE_HEIGHT}" font-family="DejaVu Sans">`,
    '<rect width="1200" height="630" fill="#ffffff"/>',
    '<rect width="1200" height="90" fill="#0f766e"/>',
    `<text x="80" y="58" font-size="34" font-weight="bold" fill="#ffffff">${escapeXml(t.brand)}</text>`,
    `<text x="80" y="165" font-size="32" fill="#0f766e">${escapeXml(c.course)}</text>`,
    `<text x="80" y="250" font-size="64" font-weight="bold" fill="#0f172a">${escapeXml(first)}</text>`,
    second ? `<text x="80" y="325" font-size="64" font-weight="bold" fill="#0f172a">${escapeXml(second)}</text>` : '',
    `<text x="80" y="${priceY - 70}" font-size="38" fill="#475569">${escapeXml(fitLine(c.by(card.tutorName), 38, COURSE_TEXT_WIDTH, false, measure))}</text>`,
    `<text x="80" y="${priceY + 30}" font-size="54" font-weight="bold" fill="#0f766e">${escapeXml(card.price ? formatKes(card.price) : c.free)}${card.lessonCount > 0 ? ` <tspan font-size="34" font-weight="normal" fill="#475569">· ${escapeXml(c.lessons(card.lessonCount))}</tspan>` : ''}</text>`,
    '<rect y="600" width="1200" height="30" fill="#fbbf24"/>',
    '</svg>',
  ].join('');
}

/** A title on one line, else two: the first ends at a word that fits, the second is shortened with "…". */
function titleLines(title: string, fontSize: number, maxWidth: number, measure: MeasureText): [string, string?] {
  const clean = title.replace(/\s+/g, ' ').trim();
  if (measure(clean, fontSize, true) <= maxWidth) return [clean];
  const words = clean.split(' ');
  let split = 0;
  while (split < words.length - 1 && measure(words.slice(0, split + 1).join(' '), fontSize, true) <= maxWidth) split++;
  // A single word wider than the card: shortened on one line.
  if (split === 0) return [fitLine(clean, fontSize, maxWidth, true, measure)];
  return [words.slice(0, split).join(' '), fitLine(words.slice(split).join(' '), fontSize, maxWidth, true, measure)];
}

/**
 * Where the rasteriser's files are: beside the bundle in Lambda (copied there at bundling,
 * infra/aws/constructs/function.ts `extraFiles`), in node_modules everywhere else.
 */
function assetPath(file: 'index_bg.wasm' | 'DejaVuSans.ttf' | 'DejaVuSans-Bold.ttf'): string {
  if (process.env.LAMBDA_TASK_ROOT) return join(process.env.LAMBDA_TASK_ROOT, file);
  const require = createRequire(import.meta.url);
  return file === 'index_bg.wasm' ? require.resolve('@resvg/resvg-wasm/index_bg.wasm') : require.resolve(`dejavu-fonts-ttf/ttf/${file}`);
}

/** The files a function that draws share images needs beside its bundle (files.ts: named where infra reads them). */
export { SHARE_IMAGE_FILES } from './files.js';

interface Rasteriser { Resvg: typeof ResvgClass; fonts: Uint8Array[] }
let rasteriser: Promise<Rasteriser> | undefined;

/** Loaded once per process, on first use: the WebAssembly module can be initialised only once. */
function loadRasteriser(): Promise<Rasteriser> {
  rasteriser ??= (async () => {
    const [resvg, wasm, regular, bold] = await Promise.all([
      import('@resvg/resvg-wasm'), readFile(assetPath('index_bg.wasm')), readFile(assetPath('DejaVuSans.ttf')), readFile(assetPath('DejaVuSans-Bold.ttf')),
    ]);
    await resvg.initWasm(wasm);
    return { Resvg: resvg.Resvg, fonts: [regular, bold] };
  })().catch((error: unknown) => {
    rasteriser = undefined;
    throw error;
  });
  return rasteriser;
}

/** The card as a PNG, 1200×630. */
export function renderShareImage(card: ShareCard): Promise<Buffer> {
  return rasterise((measure) => shareCardSvg(card, measure));
}

/** A course's card as a PNG, 1200×630. */
export function renderCourseShareImage(card: CourseShareCard): Promise<Buffer> {
  return rasterise((measure) => courseShareCardSvg(card, measure));
}

async function rasterise(svg: (measure: MeasureText) => string): Promise<Buffer> {
  const { Resvg, fonts } = await loadRasteriser();
  const options = { font: { fontBuffers: fonts, defaultFontFamily: 'DejaVu Sans' } };
  // The real drawn width, so a long name is shortened exactly where the card ends.
  const measure: MeasureText = (text, fontSize, bold) => {
    const probe = new Resvg(`<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="200"><text x="0" y="100" font-family="DejaVu Sans" font-size="${fontSize}"${bold ? ' font-weight="bold"' : ''}>${escapeXml(text)}</text></svg>`, options);
    try {
      return probe.getBBox()?.width ?? estimateWidth(text, fontSize, bold);
    } finally {
      probe.free();
    }
  };
  const image = new Resvg(svg(measure), { font: { fontBuffers: fonts, defaultFontFamily: 'DejaVu Sans' }, fitTo: { mode: 'original' } });
  try {
    return Buffer.from(image.render().asPng());
  } finally {
    // WebAssembly memory is not garbage-collected: a warm function draws many cards.
    image.free();
  }
}
