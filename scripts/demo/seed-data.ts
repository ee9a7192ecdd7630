import type { BrandCategory, BrandTextLocale } from '../../src/shared/brand.ts';
import { koreanDay } from '../../src/shared/business-hours.ts';
import type { UnitInput, UnitStatus, UnitUse } from '../../src/shared/units/unit.ts';
import { monthStart } from './dates.ts';

/**
 * A believable Korean building for a newcomer's first look: brands across categories and floors (the ones still
 * fitting out are announced "coming soon" by their leases: scripts/demo/tenants-data.ts). Korean is the base text (what the Korean site and a Korean search read); English, Chinese
 * and Japanese are the translations the admin form keeps beside it.
 */
export interface DemoBrand {
  name: string;
  description: string;
  nameI18n: Partial<Record<BrandTextLocale, string>>;
  descriptionI18n: Partial<Record<BrandTextLocale, string>>;
  category: BrandCategory;
  floor: string;
  unit: string;
  area: string;
  /** The unit's exclusive area in m², for the space the brand occupies on the stacking plan. */
  areaM2: number;
  isAvailable: boolean;
  tags: string[];
  /** The tags in English, Chinese and Japanese (from TAGS below), so no page shows Korean tags among its own language. */
  tagsI18n: Partial<Record<BrandTextLocale, string[]>>;
  /** Thumbnail colours and the letters drawn on it. */
  colour: string;
  initials: string;
}

type Texts = [en: string, zh: string, ja: string];
const i18n = ([en, zh, ja]: Texts) => ({ en, zh, ja });

/** Every demo tag in English, Chinese and Japanese. */
const TAGS: Record<string, Texts> = {
  건강검진: ['Health check-up', '健康体检', '健康診断'],
  공유오피스: ['Coworking', '共享办公', 'コワーキング'],
  로스터리: ['Roastery', '烘焙坊', 'ロースタリー'],
  면요리: ['Noodles', '面食', '麺料理'],
  베이커리: ['Bakery', '面包店', 'ベーカリー'],
  식료품: ['Groceries', '食品杂货', '食料品'],
  약국: ['Pharmacy', '药店', '薬局'],
  운동: ['Fitness', '健身', 'フィットネス'],
  장보기: ['Shopping', '购物', '買い物'],
  저녁: ['Dinner', '晚餐', 'ディナー'],
  치과: ['Dentist', '牙科', '歯科'],
  커피: ['Coffee', '咖啡', 'コーヒー'],
  피부과: ['Dermatology', '皮肤科', '皮膚科'],
  학원: ['Academy', '培训班', '塾'],
  한식: ['Korean food', '韩餐', '韓国料理'],
};
const tagTexts = (tags: string[]) => ({
  en: tags.map((tag) => TAGS[tag]?.[0] ?? tag),
  zh: tags.map((tag) => TAGS[tag]?.[1] ?? tag),
  ja: tags.map((tag) => TAGS[tag]?.[2] ?? tag),
});

function brand(
  [floor, unit, areaM2]: [string, string, number],
  name: string, names: Texts, description: string, descriptions: Texts,
  category: BrandCategory, isAvailable: boolean, tags: string[], colour: string, initials: string,
): DemoBrand {
  return { name, description, nameI18n: i18n(names), descriptionI18n: i18n(descriptions), category, floor, unit, area: `${areaM2}㎡`, areaM2, isAvailable, tags, tagsI18n: tagTexts(tags), colour, initials };
}

export const DEMO_BRANDS: DemoBrand[] = [
  brand(['B1', 'B101', 420], '신림 신선마켓', ['Sillim Fresh Market', '新林生鲜超市', '新林フレッシュマーケット'],
    '매일 아침 산지에서 들어오는 채소와 과일을 파는 동네 식료품점입니다.',
    ['Neighbourhood grocery with produce delivered every morning.', '每天早上从产地直送蔬果的社区超市。', '毎朝産地から届く野菜と果物を扱う街の食料品店です。'],
    'Retail', true, ['식료품', '장보기'], '#15803d', 'SF'),
  brand(['B1', 'B103', 96], '브레드앤코', ['Bread & Co.', 'Bread & Co. 面包店', 'ブレッド＆コー'],
    '사워도우와 크루아상을 매장에서 직접 굽는 베이커리 카페입니다.',
    ['Bakery café baking sourdough and croissants on site.', '店内现烤酸种面包和可颂的烘焙咖啡馆。', 'サワードウとクロワッサンを店内で焼くベーカリーカフェです。'],
    'F&B', true, ['베이커리', '커피'], '#b45309', 'B&'),
  brand(['1F', '101', 82], '블루하버 커피', ['Blue Harbor Coffee', '蓝港咖啡', 'ブルーハーバーコーヒー'],
    '정문 옆 스페셜티 커피 로스터리 카페. 원두를 매장에서 직접 볶습니다.',
    ['Specialty coffee roaster by the main entrance.', '正门旁的精品咖啡烘焙店，咖啡豆店内烘焙。', '正面入口横のスペシャルティコーヒー焙煎所です。'],
    'F&B', true, ['커피', '로스터리'], '#1d4ed8', 'BH'),
  brand(['1F', '103', 64], '글로우 약국', ['Glow Pharmacy', 'Glow 药房', 'グロウ薬局'],
    '늦은 시간까지 문을 여는 약국 겸 건강용품점입니다.',
    ['Pharmacy and health store, open late.', '营业到深夜的药房与健康用品店。', '夜遅くまで営業する薬局・健康用品店です。'],
    'Medical', true, ['약국'], '#0f766e', 'GP'),
  brand(['2F', '201', 210], '한옥 테이블', ['Hanok Table', '韩屋餐桌', '韓屋テーブル'],
    '제철 재료로 차리는 코스 메뉴의 모던 한식 다이닝입니다.',
    ['Modern Korean dining with seasonal set menus.', '以当季食材呈现套餐的现代韩餐。', '旬の食材のコースで味わうモダン韓国料理です。'],
    'F&B', true, ['한식', '저녁'], '#9f1239', 'HT'),
  brand(['2F', '205', 120], '누들랩', ['Noodle Lab', '面条实验室', 'ヌードルラボ'],
    '손으로 뽑는 수타면과 만두 전문점입니다.',
    ['Hand-pulled noodles and dumplings.', '手工拉面与饺子专门店。', '手延べ麺と餃子の専門店です。'],
    'F&B', true, ['면요리'], '#7c2d12', 'NL'),
  brand(['3F', '302', 180], '퓨어스킨 피부과', ['Pure Skin Clinic', '纯肤皮肤科', 'ピュアスキン皮膚科'],
    '피부 진료와 피부 관리 시술을 하는 피부과 의원입니다.',
    ['Dermatology and skin care treatments.', '提供皮肤诊疗与护理的皮肤科诊所。', '皮膚の診療とスキンケア施術を行う皮膚科です。'],
    'Beauty', true, ['피부과'], '#be185d', 'PS'),
  brand(['3F', '305', 260], '코어 피트니스', ['Core Fitness', '核心健身', 'コアフィットネス'],
    '1:1 퍼스널 트레이닝과 소규모 그룹 수업을 하는 스튜디오입니다.',
    ['Personal training studio with small group classes.', '提供一对一私教和小班课程的工作室。', 'パーソナルトレーニングと少人数クラスのスタジオです。'],
    'Service', true, ['운동'], '#334155', 'CF'),
  brand(['5F', '501', 330], '스마일 치과', ['Smile Dental', '微笑牙科', 'スマイル歯科'],
    '가족 치과 진료, 임플란트와 교정을 하는 치과입니다.',
    ['Family dentistry, implants and orthodontics.', '提供家庭牙科、种植牙与矫正的牙科诊所。', '家族の歯科診療、インプラント、矯正の歯科医院です。'],
    'Medical', true, ['치과'], '#0369a1', 'SD'),
  brand(['7F', '701', 610], '서울 건강검진센터', ['Seoul Health Check', '首尔体检中心', 'ソウル健診センター'],
    '당일 결과를 받아 볼 수 있는 종합 건강검진센터입니다.',
    ['Health screening centre with same-day results.', '当天出结果的综合体检中心。', '当日に結果がわかる総合健診センターです。'],
    'Medical', true, ['건강검진'], '#047857', 'SH'),
  brand(['11F', '1103', 150], '브라이트 수학학원', ['Bright Math Academy', '明亮数学学院', 'ブライト数学塾'],
    '중·고등학생을 위한 수학·과학 전문 학원입니다.',
    ['Maths and science classes for middle and high school.', '面向初高中生的数学与科学补习班。', '中高生のための数学・理科の専門塾です。'],
    'Education', true, ['학원'], '#6d28d9', 'BM'),
  brand(['12F', '1201', 600], '타워웍스', ['Tower Works', '塔楼共享办公', 'タワーワークス'],
    '회의실을 갖춘 공유 오피스 층입니다.',
    ['Co-working floor with meeting rooms.', '配备会议室的共享办公楼层。', '会議室を備えたコワーキングフロアです。'],
    'Office', true, ['공유오피스'], '#0f172a', 'TW'),
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

/**
 * The space of the demo's deal that ends in a lease (an accepted proposal, then a lease in fit-out:
 * scripts/demo/deals-data.ts): under negotiation until then, so its proposal can be accepted and its lease signed.
 */
export const NEGOTIATED_BRAND_SPACE = '2F 205';

/** The spaces the brands occupy: leased, so the stacking plan shows every tenant's floor and unit. */
const BRAND_ROWS: Row[] = DEMO_BRANDS.map((brand) => [brand.floor, brand.unit, brand.areaM2, `${brand.floor} ${brand.unit}` === NEGOTIATED_BRAND_SPACE ? 'negotiating' : 'leased', [brand.category]]);

const TODAY = koreanDay(new Date());

export const DEMO_UNITS: DemoUnit[] = [...ROWS, ...BRAND_ROWS].map(([floor, unitNumber, exclusive, status, uses, priceOnRequest = false], index) => {
  // Common areas add about 45 % on upper floors, 30 % below.
  const supply = Math.round(exclusive * (floor.startsWith('B') || floor === '1F' ? 1.3 : 1.45) * 100) / 100;
  const rent = Math.round((supply * (RENT_PER_M2[floor] ?? 26_000)) / 10_000) * 10_000;
  return {
    floor,
    unitNumber,
    exclusiveAreaM2: exclusive,
    supplyAreaM2: supply,
    uses,
    status,
    // An available space is free now or from the first of a coming month (counted from the day the demo is seeded).
    availableFrom: status !== 'available' || index % 3 === 0 ? null : monthStart(TODAY, 1 + (index % 4)),
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

/**
 * The demo's team beside the owner `admin`: one account per other role, so each role's panel can be tried. Their
 * mail goes to the demo's mailbox (scripts/demo/mailbox.ts), as the team's address does.
 */
export const DEMO_TEAM_ADDRESS = 'leasing@btower-demo.example';
export const DEMO_ADMIN_EMAIL = 'admin@btower-demo.example';
export const DEMO_ACCOUNTS = [
  { username: 'agent', name: '김민준', email: 'agent@btower-demo.example', role: 'agent', locale: 'ko' },
  { username: 'viewer', name: '이서연', email: 'viewer@btower-demo.example', role: 'viewer', locale: 'ko' },
] as const;
