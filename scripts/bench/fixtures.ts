import { BRAND_CATEGORIES, BRAND_FLOORS, type BrandInput } from '../../src/shared/brand.ts';

/** A real 1×1 PNG: thumbnails are checked by their bytes. */
export const THUMBNAIL_PNG = new Uint8Array(Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
));

/** A small PDF-looking attachment of 4–48 KB that names its inquiry, like a floor plan or a business licence scan. */
export function attachmentBytes(marker: string, random: () => number): Uint8Array<ArrayBuffer> {
  const size = 4096 + Math.floor(random() * 45_056);
  const bytes = new Uint8Array(size).fill(0x20);
  bytes.set(new TextEncoder().encode(`%PDF-1.4\n% ${marker}\n`));
  return bytes;
}

/** Search words a visitor types: brand names, description words, tags, Korean area units, and a miss. */
export const SEARCH_TERMS = ['coffee', 'studio', 'clinic', 'roastery', 'tag7', '평', 'open-late', 'tenant 4', '카페', 'nothing-matches'];

const NAMES = ['Coffee', 'Studio', 'Clinic', 'Academy', 'Salon', '카페', 'Market'];

/** A valid brand, varied by `i` so every filter and search finds some and misses some. */
export function brandInput(i: number, thumbnail: string): BrandInput {
  return {
    name: `Tenant ${i} ${NAMES[i % NAMES.length]}`,
    description: `Brand ${i}: ${i % 5 === 0 ? 'specialty roastery and dessert bar' : 'office and retail services'}`,
    category: BRAND_CATEGORIES[i % BRAND_CATEGORIES.length] ?? 'Retail',
    floor: BRAND_FLOORS[i % BRAND_FLOORS.length] ?? '1F',
    unit: String(100 + (i % 50)),
    area: `${(30 + (i % 90)).toFixed(2)}평`,
    isAvailable: i % 3 !== 0,
    thumbnail,
    contactInfo: { phone: `02-555-${String(i % 10_000).padStart(4, '0')}`, email: `tenant${i}@example.com`, website: `https://tenant${i}.example` },
    images: [],
    tags: [`tag${i % 13}`, i % 2 ? 'open-late' : 'weekday'],
  };
}
