import sharp from 'sharp';
import { SHARE_IMAGE_SIZE } from '../../src/seo/pages.ts';

/**
 * One share image: a page's illustration on the right, a night-blue panel on the left with the
 * building's name, the page's headline and the address. Text is set by Pango (sharp's text input)
 * with the system's Noto Sans CJK, hence drawn at author time and committed, not at build.
 */
export interface ShareImage {
  /** An SVG illustration (src/assets/illustrations/…), cropped to fill the right of the card. */
  sceneSvg: string;
  label: string;
  headline: string;
  address: string;
  /** A fontconfig family with Bold and Regular faces, e.g. 'Noto Sans CJK KR'. */
  font: string;
}

const { width: W, height: H } = SHARE_IMAGE_SIZE;
const PANEL = 600;
const SCENE_X = 480;
const MARGIN = 72;
const TEXT_WIDTH = PANEL - MARGIN - 40;
const HEADLINE_MAX_HEIGHT = 300;
const HEADLINE_SIZES = [76, 68, 60, 52, 46, 40];
const NIGHT = '#0b1324';
const BRASS = '#e3c48f';

const escapeMarkup = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Korean breaks lines between words, not syllables (CSS `word-break: keep-all`); Pango would break
 * anywhere in Hangul, so word joiners hold each word together. Chinese and Japanese break anywhere.
 */
const keepWords = (text: string) =>
  /\p{Script=Hangul}/u.test(text) ? text.split(' ').map((word) => [...word].join('\u2060')).join(' ') : text;

/** Text as an RGBA image at `px` pixels, wrapped to TEXT_WIDTH unless `wrap` is false; `attrs` are Pango span attributes. */
async function text(content: string, font: string, px: number, attrs: string, wrap = true) {
  const { data, info } = await sharp({
    text: {
      text: `<span ${attrs}>${escapeMarkup(keepWords(content))}</span>`,
      font: `${font} ${px}px`,
      ...(wrap && { width: TEXT_WIDTH, wrap: 'word-char' as const }),
      rgba: true,
      spacing: Math.round(px * 0.25),
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { input: data, width: info.width, height: info.height };
}

/**
 * The headline at the largest size that fits the panel. A line break in the text marks where lines
 * end (for Chinese and Japanese, which would otherwise break inside a word), and those lines must fit
 * whole; a headline without one wraps at spaces.
 */
async function headline(content: string, font: string) {
  const explicit = content.includes('\n');
  for (const px of HEADLINE_SIZES) {
    const whole = await text(content, `${font} Bold`, px, 'foreground="#ffffff"', false);
    if (whole.width <= TEXT_WIDTH && whole.height <= HEADLINE_MAX_HEIGHT) return whole;
    if (explicit) continue;
    const wrapped = await text(content, `${font} Bold`, px, 'foreground="#ffffff"');
    if (wrapped.height <= HEADLINE_MAX_HEIGHT) return wrapped;
  }
  throw new Error(`headline too long for the share image: ${content}`);
}

export async function drawShareImage(image: ShareImage): Promise<Buffer> {
  const scene = await sharp(Buffer.from(image.sceneSvg)).resize(W - SCENE_X, H, { fit: 'cover' }).png().toBuffer();
  // The panel fades into the picture instead of ending at a hard edge.
  const panel = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><defs><linearGradient id="fade" x1="0" x2="1"><stop offset="0" stop-color="${NIGHT}"/><stop offset="1" stop-color="${NIGHT}" stop-opacity="0"/></linearGradient></defs>` +
      `<rect width="${SCENE_X}" height="${H}" fill="${NIGHT}"/><rect x="${SCENE_X}" width="${PANEL + 80 - SCENE_X}" height="${H}" fill="url(#fade)"/></svg>`,
  );
  const label = await text(image.label, `${image.font} Bold`, 26, `foreground="${BRASS}" letter_spacing="6144"`);
  // The building's name stays on one line.
  const title = await headline(image.headline.replaceAll(image.label, image.label.replaceAll(' ', '\u00a0')), image.font);
  const address = await text(image.address, image.font, 24, 'foreground="#cbd5e1"');
  const ruleGap = 36;
  const blockHeight = label.height + 28 + title.height + ruleGap * 2 + 4 + address.height;
  const top = Math.round((H - blockHeight) / 2);
  const titleTop = top + label.height + 28;
  const ruleTop = titleTop + title.height + ruleGap;
  const rule = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="96" height="4"><rect width="96" height="4" fill="${BRASS}"/></svg>`);
  return sharp({ create: { width: W, height: H, channels: 3, background: NIGHT } })
    .composite([
      { input: scene, left: SCENE_X, top: 0 },
      { input: panel, left: 0, top: 0 },
      { input: label.input, left: MARGIN, top },
      { input: title.input, left: MARGIN, top: titleTop },
      { input: rule, left: MARGIN, top: ruleTop },
      { input: address.input, left: MARGIN, top: ruleTop + 4 + ruleGap },
    ])
    .png({ palette: true, colours: 256, effort: 10, compressionLevel: 9 })
    .toBuffer();
}
