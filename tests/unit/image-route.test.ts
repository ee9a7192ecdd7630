import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { imageResponse, type SourceFetch } from '../../netlify-local/images/route.ts';
import { parseImageRequest } from '../../netlify-local/images/params.ts';
import { IMAGE_MAX_WIDTH, IMAGE_MIN_WIDTH, imageUrl, responsiveImage, CARD_IMAGE } from '../../src/shared/image-url.ts';
import { hasGps, jpegWithGps } from '../support/photos.ts';

const OBJECT = '/objects/uploads/0b6c4b8e-7d0a-4d57-9a38-3f1c2e5b9a10';
const WEBP_ACCEPT = 'image/avif,image/webp,image/apng,*/*;q=0.8';

/** A stand-in for the site: one public photo at OBJECT, a PDF, and 404 for the rest. */
async function site(): Promise<{ fetchSource: SourceFetch; asked: string[] }> {
  const photo = await jpegWithGps(1200, 800);
  const asked: string[] = [];
  const fetchSource: SourceFetch = async (path) => {
    asked.push(path);
    if (path === OBJECT) return new Response(new Uint8Array(photo), { headers: { 'Content-Type': 'image/jpeg', 'Cache-Control': 'public, max-age=31536000, immutable' } });
    if (path === '/brochure.pdf') return new Response('%PDF-1.4', { headers: { 'Content-Type': 'application/pdf' } });
    return new Response('Not found', { status: 404 });
  };
  return { fetchSource, asked };
}

const get = (query: string, fetchSource: SourceFetch, accept = WEBP_ACCEPT) => imageResponse(new URLSearchParams(query), accept, fetchSource);

describe('the local /.netlify/images route', () => {
  it('resizes and crops an uploaded photo to the asked size, as WebP for a browser that takes it, without EXIF', async () => {
    const { fetchSource } = await site();
    const response = await get(imageUrl(OBJECT, { w: 720, h: 540, fit: 'cover' }).split('?')[1]!, fetchSource);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('vary')).toBe('Accept');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = new Uint8Array(await response.arrayBuffer());
    const meta = await sharp(body).metadata();
    // The photo was stored sideways (orientation 6): turned upright first, then cropped to 720×540.
    expect([meta.width, meta.height, meta.format]).toEqual([720, 540, 'webp']);
    expect(meta.orientation).toBeUndefined();
    expect(await hasGps(body)).toBe(false);
  });

  it('negotiates the format from Accept (WebP, then AVIF, else the source kind) unless fm names one', async () => {
    const { fetchSource } = await site();
    const type = async (query: string, accept: string) => (await get(query, fetchSource, accept)).headers.get('content-type');
    expect(await type(`url=${OBJECT}&w=100`, 'image/avif,*/*')).toBe('image/avif');
    expect(await type(`url=${OBJECT}&w=100`, '*/*')).toBe('image/jpeg');
    expect(await type(`url=${OBJECT}&w=100&fm=png`, WEBP_ACCEPT)).toBe('image/png');
    // Without w or h only the format changes, as on Netlify: never larger than the source.
    const whole = await sharp(new Uint8Array(await (await get(`url=${OBJECT}&w=${IMAGE_MAX_WIDTH}`, fetchSource)).arrayBuffer())).metadata();
    expect(whole.width).toBe(800);
  });

  it(`accepts widths from ${IMAGE_MIN_WIDTH} to ${IMAGE_MAX_WIDTH} and known fit, position, fm and q only`, async () => {
    const { fetchSource, asked } = await site();
    for (const bad of [`w=${IMAGE_MIN_WIDTH - 1}`, `w=${IMAGE_MAX_WIDTH + 1}`, 'w=-5', 'w=1e3', 'w=abc', `h=${IMAGE_MAX_WIDTH + 1}`, 'q=0', 'q=101', 'fit=crop', 'position=middle', 'fm=blurhash', 'fm=svg']) {
      const response = await get(`url=${OBJECT}&${bad}`, fetchSource);
      expect(response.status, bad).toBe(400);
    }
    expect((await get(`url=${OBJECT}&w=${IMAGE_MIN_WIDTH}`, fetchSource)).status).toBe(200);
    expect((await get(`url=${OBJECT}&w=${IMAGE_MAX_WIDTH}&q=1&fit=fill&position=top&fm=jpg`, fetchSource)).status).toBe(200);
    // Refused parameters never reach the source.
    expect(asked).toEqual([OBJECT, OBJECT]);
  });

  it('is no open proxy: only paths of this site, without a query (so no signed private link), are fetched', async () => {
    const { fetchSource, asked } = await site();
    for (const url of ['https://evil.example/x.jpg', '//evil.example/x.jpg', 'http:/evil.example', '\\\\evil.example', 'objects/uploads/x', '', `${OBJECT}?sig=abc&exp=1`, `/objects/%2e%2e/secret`, '/a/../objects']) {
      const response = await get(`url=${encodeURIComponent(url)}&w=100`, fetchSource);
      expect(response.status, url).toBe(400);
    }
    expect(asked).toEqual([]);
    expect(parseImageRequest(new URLSearchParams(`url=${OBJECT}`)).ok).toBe(true);
  });

  it('answers 404 for a missing or private object and 400 for a source that is not an image', async () => {
    const { fetchSource } = await site();
    expect((await get('url=/objects/uploads/00000000-0000-4000-8000-000000000000&w=100', fetchSource)).status).toBe(404);
    expect((await get('url=/brochure.pdf&w=100', fetchSource)).status).toBe(400);
  });
});

describe('responsiveImage: what a card asks of the Image CDN', () => {
  it('gives a 4:3 srcset over the card widths, sizes, and the intrinsic size against layout shift', () => {
    const image = responsiveImage(OBJECT);
    expect(image.srcSet.split(', ')).toHaveLength(CARD_IMAGE.widths.length);
    expect(image.srcSet).toContain(`${imageUrl(OBJECT, { w: 720, h: 540, fit: 'cover', q: 50 })} 720w`);
    // Card photos at quality 50: AVIF's 50 looks like JPEG's 80, at a fraction of the CDN default's bytes.
    expect(image.src).toMatch(/&q=50$/);
    expect(image.src.startsWith('/.netlify/images?url=%2Fobjects%2Fuploads%2F')).toBe(true);
    expect(image.sizes).toBe(CARD_IMAGE.sizes);
    expect(image.width / image.height).toBeCloseTo(4 / 3);
  });

  it('shows anything that is not one of our objects as it is, without asking the CDN', () => {
    expect(responsiveImage('https://elsewhere.example/a.jpg')).toMatchObject({ src: 'https://elsewhere.example/a.jpg', srcSet: '' });
  });
});
