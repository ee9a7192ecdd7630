import sharp from 'sharp';
import { expect, type APIRequestContext } from '@playwright/test';
import type { Brand, BrandInput } from '../../../src/shared/brand.ts';

/** A phone-like JPEG (4:3, a gradient with texture) that carries GPS in its EXIF. */
export async function phonePhoto(width = 1600, height = 1200): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#c9a46a"/><stop offset="1" stop-color="#1d2b3a"/></linearGradient>
    <filter id="n"><feTurbulence baseFrequency="0.8" numOctaves="2"/><feColorMatrix values="0 0 0 0 .5 0 0 0 0 .5 0 0 0 0 .5 0 0 0 .25 0"/></filter></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><rect width="100%" height="100%" filter="url(#n)"/></svg>`;
  return sharp(Buffer.from(svg))
    .jpeg({ quality: 88 })
    .withExif({ IFD0: { Make: 'TestPhone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '37/1 29/1 3000/100', GPSLongitudeRef: 'E', GPSLongitude: '126/1 55/1 4200/100' } })
    .toBuffer();
}

/** Creates a brand whose thumbnail is `photo`, through the same upload contract as the admin form. */
export async function createPhotoBrand(request: APIRequestContext, token: string, photo: Buffer, fields: Partial<BrandInput> & { name: string }): Promise<Brand> {
  const auth = { Authorization: `Bearer ${token}` };
  const ticket = await request.post('/api/objects/upload', {
    headers: auth,
    data: { purpose: 'thumbnail', filename: 'IMG_0001.jpg', size: photo.length, type: 'image/jpeg' },
  });
  expect(ticket.ok(), await ticket.text()).toBe(true);
  const { uploadURL, objectPath } = (await ticket.json()) as { uploadURL: string; objectPath: string };
  expect((await request.put(uploadURL, { data: photo, headers: { 'Content-Type': 'image/jpeg' } })).ok()).toBe(true);
  expect((await request.post('/api/objects/set-public', { headers: auth, data: { objectPath } })).ok()).toBe(true);
  const body: BrandInput = {
    description: 'A brand with a phone photo.',
    category: 'F&B',
    floor: '1F',
    unit: '101',
    area: '30평',
    isAvailable: true,
    thumbnail: objectPath,
    contactInfo: { phone: '02-555-0101', email: 'photo@example.com', website: '' },
    images: [],
    tags: [],
    ...fields,
  };
  const response = await request.post('/api/brands', { headers: auth, data: body });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Brand;
}
