import { BRAND_CATEGORIES, BRAND_FLOORS, type BrandInput } from '../../src/shared/brand.ts';

/** Names a building's tenants might have, cycled with a number so all 40 differ. */
const NAMES = ['Blue Bottle Coffee', 'Seoul Dental', 'Atelier Hair', 'Hanbit Academy', 'Green Table', 'Urban Fitness', 'Moon Bakery', 'Lumen Eye Clinic', 'Studio Nine', 'Daily Market'];

/**
 * Seeds `photos.length` brands through the real upload contract, as the admin form does: admin login,
 * upload ticket, PUT of the photo, set-public, brand create. Returns how long it took.
 */
export async function seedPhotoBrands(origin: string, password: string, photos: Buffer[]): Promise<number> {
  const started = performance.now();
  // Writes are same-site JSON requests, as from the admin panel.
  const base = { Origin: origin };
  const login = await fetch(`${origin}/api/admin/login`, { method: 'POST', headers: { ...base, 'Content-Type': 'application/json' }, body: JSON.stringify({ password }) });
  if (!login.ok) throw new Error(`admin login: ${login.status} ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  const auth = { ...base, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${origin}${path}`, { method: 'POST', headers: auth, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<Record<string, string>>;
  };
  for (const [i, photo] of photos.entries()) {
    const ticket = await post('/api/objects/upload', { purpose: 'thumbnail', filename: `IMG_${1000 + i}.jpg`, size: photo.length, type: 'image/jpeg' });
    const put = await fetch(new URL(ticket.uploadURL!, origin), { method: 'PUT', headers: { ...base, 'Content-Type': 'image/jpeg' }, body: new Uint8Array(photo) });
    if (!put.ok) throw new Error(`PUT photo ${i}: ${put.status} ${await put.text()}`);
    await post('/api/objects/set-public', { objectPath: ticket.objectPath });
    const brand: BrandInput = {
      name: `${NAMES[i % NAMES.length]} ${Math.floor(i / NAMES.length) + 1}`,
      description: 'A tenant of B TOWER, photographed by the owner with a phone and uploaded through the admin form.',
      category: BRAND_CATEGORIES[i % BRAND_CATEGORIES.length]!,
      floor: BRAND_FLOORS[i % BRAND_FLOORS.length]!,
      unit: `${(i % 14) + 1}0${(i % 9) + 1}`,
      area: `${(30 + i * 3.7).toFixed(2)}평`,
      isAvailable: i % 5 !== 0,
      thumbnail: ticket.objectPath!,
      contactInfo: { phone: `02-555-${String(1000 + i)}`, email: `tenant${i}@example.com`, website: i % 3 === 0 ? `https://tenant${i}.example` : '' },
      images: [],
      tags: ['btower', `tag${i % 7}`],
    };
    await post('/api/brands', brand);
  }
  return performance.now() - started;
}
