import type { BrandCategory } from '../../src/shared/brand.ts';
import type { UnitInput, UnitStatus, UnitUse } from '../../src/shared/unit.ts';

/** A believable building for a newcomer's first look: brands across categories and floors, some coming soon. */
export interface DemoBrand {
  name: string;
  description: string;
  category: BrandCategory;
  floor: string;
  unit: string;
  area: string;
  isAvailable: boolean;
  tags: string[];
  /** Thumbnail colours and the letters drawn on it. */
  colour: string;
  initials: string;
}

export const DEMO_BRANDS: DemoBrand[] = [
  { name: 'Sillim Fresh Market', description: 'Neighbourhood grocery with produce delivered every morning.', category: 'Retail', floor: 'B1', unit: 'B101', area: '420㎡', isAvailable: true, tags: ['grocery', 'daily'], colour: '#15803d', initials: 'SF' },
  { name: 'Bread & Co.', description: 'Bakery café baking sourdough and croissants on site.', category: 'F&B', floor: 'B1', unit: 'B103', area: '96㎡', isAvailable: true, tags: ['bakery', 'coffee'], colour: '#b45309', initials: 'B&' },
  { name: 'Blue Harbor Coffee', description: 'Specialty coffee roaster by the main entrance.', category: 'F&B', floor: '1F', unit: '101', area: '82㎡', isAvailable: true, tags: ['coffee'], colour: '#1d4ed8', initials: 'BH' },
  { name: 'Glow Pharmacy', description: 'Pharmacy and health store, open late.', category: 'Medical', floor: '1F', unit: '103', area: '64㎡', isAvailable: true, tags: ['pharmacy'], colour: '#0f766e', initials: 'GP' },
  { name: 'Hanok Table', description: 'Modern Korean dining with seasonal set menus.', category: 'F&B', floor: '2F', unit: '201', area: '210㎡', isAvailable: true, tags: ['korean', 'dinner'], colour: '#9f1239', initials: 'HT' },
  { name: 'Noodle Lab', description: 'Hand-pulled noodles and dumplings, coming this spring.', category: 'F&B', floor: '2F', unit: '205', area: '120㎡', isAvailable: false, tags: ['noodles'], colour: '#7c2d12', initials: 'NL' },
  { name: 'Pure Skin Clinic', description: 'Dermatology and skin care treatments.', category: 'Beauty', floor: '3F', unit: '302', area: '180㎡', isAvailable: true, tags: ['skin'], colour: '#be185d', initials: 'PS' },
  { name: 'Core Fitness', description: 'Personal training studio with small group classes.', category: 'Service', floor: '3F', unit: '305', area: '260㎡', isAvailable: false, tags: ['fitness'], colour: '#334155', initials: 'CF' },
  { name: 'Smile Dental', description: 'Family dentistry, implants and orthodontics.', category: 'Medical', floor: '5F', unit: '501', area: '330㎡', isAvailable: true, tags: ['dental'], colour: '#0369a1', initials: 'SD' },
  { name: 'Seoul Health Check', description: 'Health screening centre with same-day results.', category: 'Medical', floor: '7F', unit: '701', area: '610㎡', isAvailable: true, tags: ['checkup'], colour: '#047857', initials: 'SH' },
  { name: 'Bright Math Academy', description: 'Maths and science classes for middle and high school.', category: 'Education', floor: '11F', unit: '1103', area: '150㎡', isAvailable: true, tags: ['academy'], colour: '#6d28d9', initials: 'BM' },
  { name: 'Tower Works', description: 'Co-working floor with meeting rooms, opening soon.', category: 'Office', floor: '12F', unit: '1201', area: '600㎡', isAvailable: false, tags: ['coworking'], colour: '#0f172a', initials: 'TW' },
];

/** A unit as the admin would enter it, with a plan drawn and uploaded for it when `plan` is set. */
export type DemoUnit = Omit<UnitInput, 'plan'> & { plan: boolean };

type Row = [floor: string, unitNumber: string, exclusive: number, status: UnitStatus, uses: UnitUse[], priceOnRequest?: boolean];

/** Floor, number, exclusive m², status, uses: about 30 units from B1 to 14F in every status. */
const ROWS: Row[] = [
  ['B1', 'B102', 180.4, 'available', ['Retail', 'F&B']],
  ['B1', 'B104', 95.2, 'leased', ['F&B']],
  ['1F', '102', 48.6, 'negotiating', ['Retail']],
  ['1F', '104', 72.9, 'available', ['Retail', 'Beauty'], true],
  ['2F', '202', 132.2, 'available', ['F&B']],
  ['2F', '203', 66.1, 'leased', ['F&B']],
  ['2F', '204', 88.4, 'available', ['F&B']],
  ['3F', '301', 99.2, 'available', ['Beauty', 'Service']],
  ['3F', '303', 120.5, 'negotiating', ['Service']],
  ['4F', '401', 165.3, 'available', ['Medical']],
  ['4F', '402', 140.8, 'leased', ['Medical']],
  ['5F', '502', 210.0, 'available', ['Medical'], true],
  ['6F', '601', 305.6, 'available', ['Medical']],
  ['6F', '602', 98.7, 'negotiating', ['Medical']],
  ['7F', '702', 150.0, 'leased', ['Medical']],
  ['8F', '801', 185.1, 'available', ['Medical', 'Office']],
  ['8F', '802', 110.4, 'available', ['Medical']],
  ['9F', '901', 240.0, 'negotiating', ['Medical']],
  ['10F', '1001', 130.6, 'available', ['Medical', 'Education']],
  ['10F', '1002', 130.6, 'leased', ['Medical']],
  ['11F', '1101', 82.6, 'available', ['Education']],
  ['11F', '1102', 82.6, 'negotiating', ['Education']],
  ['11F', '1104', 61.2, 'available', ['Education']],
  ['12F', '1202', 290.9, 'available', ['Office']],
  ['13F', '1301', 198.3, 'available', ['Office'], true],
  ['13F', '1302', 198.3, 'leased', ['Office']],
  ['14F', '1401', 260.0, 'negotiating', ['F&B', 'Service']],
  ['B1', 'B105', 55.0, 'available', ['Service']],
  ['12F', '1203', 150.2, 'available', ['Office']],
  ['5F', '503', 120.0, 'available', ['Medical']],
];

/** Rent per m² of supply area a month, by floor (ground floor retail highest). */
const RENT_PER_M2: Record<string, number> = { B1: 28_000, '1F': 65_000, '2F': 38_000, '3F': 32_000 };

export const DEMO_UNITS: DemoUnit[] = ROWS.map(([floor, unitNumber, exclusive, status, uses, priceOnRequest = false], index) => {
  // Common areas add about 45 % on upper floors, 30 % below.
  const supply = Math.round(exclusive * (floor.startsWith('B') || floor === '1F' ? 1.3 : 1.45) * 100) / 100;
  const rent = Math.round((supply * (RENT_PER_M2[floor] ?? 26_000)) / 10_000) * 10_000;
  const month = ((index * 5) % 12) + 1;
  return {
    floor,
    unitNumber,
    exclusiveAreaM2: exclusive,
    supplyAreaM2: supply,
    uses,
    status,
    availableFrom: index % 3 === 0 ? null : `2026-${String(month).padStart(2, '0')}-01`,
    monthlyRent: rent,
    deposit: rent * 10,
    maintenanceFee: Math.round((supply * 6_500) / 10_000) * 10_000,
    pricePublic: !priceOnRequest,
    note: index % 4 === 0
      ? { ko: '코너 호실로 채광이 좋습니다.', en: 'A corner unit with plenty of daylight.', zh: '转角单元，采光良好。', ja: '角区画で採光が良好です。' }
      : {},
    plan: index % 2 === 0,
  };
});
