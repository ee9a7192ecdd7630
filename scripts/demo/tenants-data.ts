import type { DealTerms } from '../../src/shared/deals/terms.ts';
import { wholeWon } from '../../src/shared/deals/money.ts';
import type { DepositInstallment, LeaseContact } from '../../src/shared/leases/lease.ts';
import type { UnitUse } from '../../src/shared/units/unit.ts';
import { addDays, addMonths, monthStart } from './dates.ts';
import type { DemoVisitor } from './visitors.ts';

/**
 * The building's tenants: who holds each leased space of the demo, under which lease. They are fictional Korean
 * businesses — legal names as registered (주식회사 …, … 의원), 사업자등록번호 that pass the checksum (the middle
 * two digits say corporation 81/86/87, non-profit 82, taxable individual 01–79, exempt individual 90–99), their
 * representatives and contacts (addresses on `.example`, which never receive mail). Each came through the contact
 * form once; their leases were signed before the building used this system, so the owner enters each with its
 * reason (an override: no proposal was made here) and the signed PDF. Dates count from the day the demo is seeded.
 */

/** A lease's terms and dates as the tenant signed them, in months from the seeding day's month. */
export interface DemoLeasePlan {
  /** The term's first day: the first of the month `startMonths` from the seeding day's (negative: in the past). */
  startMonths: number;
  termMonths: number;
  /** Fit-out months before the term (관리비 due, no rent): the space was handed over that much earlier. */
  fitoutMonths: number;
  rentPerM2Krw: number;
  maintenancePerM2Krw: number;
  depositKrw: number;
  freeRent: DealTerms['freeRent'];
  escalationPct: number;
  use: UnitUse;
  useDetail: string;
  parking?: string;
  specialTerms?: string;
  /** A 중도금 of this share of the deposit two weeks after signing (else 계약금 10 % on signing, 잔금 on handover). */
  interimPct?: number;
}

export interface DemoTenant {
  /** The leased space, `${floor} ${unitNumber}` of DEMO_UNITS. */
  space: string;
  /** The brand of DEMO_BRANDS the lease links, or null: a tenant the directory does not list. */
  brand: string | null;
  /** Announced "coming soon" until its opening day (a tenant not yet open). */
  comingSoon: boolean;
  legalName: string;
  businessNumber: string;
  representative: string;
  contacts: LeaseContact[];
  /** How the tenant first asked. */
  visitor: DemoVisitor;
  plan: DemoLeasePlan;
  /** A change since signing (an amendment from a date). */
  amendment?: { effectiveMonths: number; changes: { maintenancePerM2Krw?: number; rentPerM2Krw?: number }; reason: string };
  /** The renewal the agent is drafting (a lease in its renewal window). */
  renewal?: boolean;
}

/** The owner's reason for entering a lease no proposal here led to. */
export const EXISTING_LEASE_REASON = '시스템 도입 전에 서면으로 체결한 기존 임대차계약을 등록합니다.';

/** The terms and dates a plan makes on `today`: what the lease is patched with and signed on. */
export function leaseFacts(plan: DemoLeasePlan, today: string): {
  terms: DealTerms;
  dates: { contractOn: string; handoverOn: string; openingOn: string };
  depositSchedule: DepositInstallment[] | null;
  signedOn: string;
} {
  const startDate = monthStart(today, plan.startMonths);
  const handoverOn = addMonths(startDate, -plan.fitoutMonths);
  // Signed three weeks before handover, and never later than a week ago (a lease still to be handed over was signed lately).
  const lateHandover = addDays(handoverOn, -21);
  const contractOn = lateHandover < addDays(today, -7) ? lateHandover : addDays(today, -7);
  const terms: DealTerms = {
    depositKrw: plan.depositKrw,
    rentPerM2Krw: plan.rentPerM2Krw,
    maintenancePerM2Krw: plan.maintenancePerM2Krw,
    vatExcluded: true,
    termMonths: plan.termMonths,
    startDate,
    fitoutMonths: plan.fitoutMonths,
    freeRent: plan.freeRent,
    escalationPct: plan.escalationPct,
    tiKrw: 0,
    brokerFeeKrw: 0,
    contractDepositPct: 10,
    use: plan.use,
    useDetail: plan.useDetail,
    parking: plan.parking ?? '',
    specialTerms: plan.specialTerms ?? '',
  };
  let depositSchedule: DepositInstallment[] | null = null;
  if (plan.interimPct) {
    const contract = wholeWon(plan.depositKrw * 0.1);
    const interim = wholeWon((plan.depositKrw * plan.interimPct) / 100);
    depositSchedule = [
      { kind: 'contract', amountKrw: contract, dueOn: contractOn },
      { kind: 'interim', amountKrw: interim, dueOn: addDays(contractOn, 14) },
      { kind: 'balance', amountKrw: plan.depositKrw - contract - interim, dueOn: handoverOn },
    ];
  }
  return { terms, dates: { contractOn, handoverOn, openingOn: startDate }, depositSchedule, signedOn: contractOn };
}

let address = 10;
/** Each tenant wrote from an address of their own (TEST-NET-3). */
const nextAddress = () => `203.0.113.${address++}`;

function visitor(space: string | null, floor: string, fields: Omit<DemoVisitor, 'space' | 'desiredFloors' | 'clientAddress' | 'locale'> & { locale?: DemoVisitor['locale'] }): DemoVisitor {
  return { locale: 'ko', preferredContact: 'phone', ...fields, space, desiredFloors: [floor], clientAddress: nextAddress() };
}

export const DEMO_TENANTS: DemoTenant[] = [
  {
    space: 'B1 B101', brand: '신림 신선마켓', comingSoon: false,
    legalName: '주식회사 신림신선마켓', businessNumber: '218-81-04310', representative: '정해원',
    contacts: [{ name: '오세진', title: '점장', phone: '010-4821-3307', email: 'sejin.oh@sillimfresh.example' }, { name: '정해원', title: '대표이사', phone: '02-871-4410', email: 'ceo@sillimfresh.example' }],
    visitor: visitor(null, 'B1', { name: '오세진', email: 'sejin.oh@sillimfresh.example', phone: '010-4821-3307', company: '주식회사 신림신선마켓', businessType: 'Retail', message: '지하 1층 식료품 매장 자리를 찾고 있습니다. 400㎡ 이상에 하역 공간이 있으면 좋겠습니다.', desiredAreaM2: { min: 400, max: 500 } }),
    plan: { startMonths: -30, termMonths: 60, fitoutMonths: 2, rentPerM2Krw: 24_000, maintenancePerM2Krw: 6_000, depositKrw: 130_000_000, freeRent: { basis: 'upFront', months: 3 }, escalationPct: 3, use: 'Retail', useDetail: '식료품 소매점', parking: '하역장 공동 사용, 주차 3대' },
  },
  {
    space: 'B1 B103', brand: '브레드앤코', comingSoon: false,
    legalName: '브레드앤코 주식회사', businessNumber: '120-86-15418', representative: '한지우',
    contacts: [{ name: '한지우', title: '대표이사', phone: '010-5532-8841', email: 'jiwoo.han@breadnco.example' }],
    visitor: visitor(null, 'B1', { name: '한지우', email: 'jiwoo.han@breadnco.example', phone: '010-5532-8841', company: '브레드앤코 주식회사', businessType: 'F&B', message: '매장에서 직접 굽는 베이커리 카페를 열려고 합니다. 오븐 배기가 가능한 100㎡ 안팎 자리가 있을까요?' }),
    plan: { startMonths: -20, termMonths: 60, fitoutMonths: 1, rentPerM2Krw: 26_000, maintenancePerM2Krw: 6_500, depositKrw: 35_000_000, freeRent: { basis: 'upFront', months: 2 }, escalationPct: 3, use: 'F&B', useDetail: '베이커리 카페' },
  },
  {
    space: '1F 101', brand: '블루하버 커피', comingSoon: false,
    legalName: '주식회사 블루하버커피', businessNumber: '219-81-07213', representative: '서도윤',
    contacts: [{ name: '서도윤', title: '대표이사', phone: '010-2290-7714', email: 'doyoon@blueharbor.example' }],
    visitor: visitor(null, '1F', { name: '서도윤', email: 'doyoon@blueharbor.example', phone: '010-2290-7714', company: '주식회사 블루하버커피', businessType: 'F&B', message: '정문 가까운 1층 코너에서 로스터리 카페를 하고 싶습니다. 로스팅 기계 설치가 가능한지 궁금합니다.' }),
    plan: { startMonths: -40, termMonths: 60, fitoutMonths: 1, rentPerM2Krw: 58_000, maintenancePerM2Krw: 6_500, depositKrw: 70_000_000, freeRent: { basis: 'upFront', months: 1 }, escalationPct: 3, use: 'F&B', useDetail: '커피 로스터리 카페', specialTerms: '로스팅 기계 배기 설비는 임차인 비용으로 설치하고 계약 종료 시 철거한다.' },
  },
  {
    space: '1F 103', brand: '글로우 약국', comingSoon: false,
    legalName: '글로우약국', businessNumber: '108-23-45713', representative: '윤가은',
    contacts: [{ name: '윤가은', title: '약사', phone: '010-7781-2045', email: 'gaeun.yoon@glowpharm.example' }],
    visitor: visitor(null, '1F', { name: '윤가은', email: 'gaeun.yoon@glowpharm.example', phone: '010-7781-2045', company: '글로우약국', businessType: 'Medical', message: '1층 약국 자리 문의드립니다. 위층 병원 입점 계획도 알려 주시면 감사하겠습니다.' }),
    plan: { startMonths: -28, termMonths: 60, fitoutMonths: 1, rentPerM2Krw: 60_000, maintenancePerM2Krw: 6_500, depositKrw: 55_000_000, freeRent: { basis: 'upFront', months: 0 }, escalationPct: 3, use: 'Medical', useDetail: '약국' },
  },
  {
    space: '2F 201', brand: '한옥 테이블', comingSoon: false,
    legalName: '주식회사 한옥테이블', businessNumber: '219-87-01318', representative: '강민재',
    contacts: [{ name: '강민재', title: '대표이사', phone: '010-3318-9020', email: 'minjae.kang@hanoktable.example' }, { name: '이수아', title: '매니저', phone: '010-6671-0382', email: '' }],
    visitor: visitor(null, '2F', { name: '강민재', email: 'minjae.kang@hanoktable.example', phone: '010-3318-9020', company: '주식회사 한옥테이블', businessType: 'F&B', message: '코스 요리를 하는 한식 레스토랑입니다. 2층에 300㎡ 정도, 주방 배기와 가스 설비가 가능한 자리를 찾습니다.', desiredAreaM2: { min: 250, max: 350 } }),
    plan: { startMonths: -44, termMonths: 60, fitoutMonths: 2, rentPerM2Krw: 33_000, maintenancePerM2Krw: 6_500, depositKrw: 100_000_000, freeRent: { basis: 'perYear', months: 1 }, escalationPct: 3, use: 'F&B', useDetail: '한식 레스토랑' },
    amendment: { effectiveMonths: -5, changes: { maintenancePerM2Krw: 7_000 }, reason: '공용 전기료와 청소 용역비 인상분을 반영해 관리비 단가를 조정함 (관리비 조정 합의서)' },
  },
  {
    space: '3F 302', brand: '퓨어스킨 피부과', comingSoon: false,
    legalName: '퓨어스킨피부과의원', businessNumber: '108-96-21317', representative: '이하린',
    contacts: [{ name: '이하린', title: '원장', phone: '010-9014-5562', email: 'harin.lee@pureskin.example' }, { name: '조민아', title: '실장', phone: '02-871-3302', email: 'office@pureskin.example' }],
    visitor: visitor(null, '3F', { name: '조민아', email: 'office@pureskin.example', phone: '02-871-3302', company: '퓨어스킨피부과의원', businessType: 'Beauty', message: '피부과 의원 개원 예정입니다. 3층 180㎡ 전후, 급배수와 전기 증설이 가능한지 알고 싶습니다.' }),
    plan: { startMonths: -16, termMonths: 60, fitoutMonths: 3, rentPerM2Krw: 30_000, maintenancePerM2Krw: 6_500, depositKrw: 80_000_000, freeRent: { basis: 'upFront', months: 3 }, escalationPct: 3, use: 'Beauty', useDetail: '피부과 의원' },
  },
  {
    space: '3F 305', brand: '코어 피트니스', comingSoon: true,
    legalName: '주식회사 코어피트니스', businessNumber: '220-81-03615', representative: '문태준',
    contacts: [{ name: '문태준', title: '대표이사', phone: '010-4470-1198', email: 'taejun.moon@corefit.example' }],
    visitor: visitor(null, '3F', { name: '문태준', email: 'taejun.moon@corefit.example', phone: '010-4470-1198', company: '주식회사 코어피트니스', businessType: 'Service', message: 'PT 스튜디오 자리를 찾습니다. 층고가 높고 바닥 하중에 여유가 있는 250㎡ 이상 공간이면 좋겠습니다.' }),
    plan: { startMonths: 2, termMonths: 60, fitoutMonths: 2, rentPerM2Krw: 30_000, maintenancePerM2Krw: 6_500, depositKrw: 110_000_000, freeRent: { basis: 'upFront', months: 2 }, escalationPct: 3, use: 'Service', useDetail: '피트니스 스튜디오', specialTerms: '바닥 방진 공사는 임차인 비용으로 하되 원상복구 대상에서 제외한다.' },
  },
  {
    space: '5F 501', brand: '스마일 치과', comingSoon: false,
    legalName: '스마일치과의원', businessNumber: '108-96-50812', representative: '박서준',
    contacts: [{ name: '박서준', title: '원장', phone: '010-8832-4417', email: 'seojun.park@smiledental.example' }],
    visitor: visitor(null, '5F', { name: '박서준', email: 'seojun.park@smiledental.example', phone: '010-8832-4417', company: '스마일치과의원', businessType: 'Medical', message: '치과 이전 개원을 준비하고 있습니다. 5층 전체에 가까운 330㎡ 정도를 희망합니다.' }),
    plan: { startMonths: -34, termMonths: 60, fitoutMonths: 3, rentPerM2Krw: 24_000, maintenancePerM2Krw: 6_500, depositKrw: 120_000_000, freeRent: { basis: 'upFront', months: 3 }, escalationPct: 3, use: 'Medical', useDetail: '치과 의원' },
  },
  {
    space: '7F 701', brand: '서울 건강검진센터', comingSoon: false,
    legalName: '의료법인 서울건강의료재단', businessNumber: '108-82-36716', representative: '김도현',
    contacts: [{ name: '최서윤', title: '총무팀장', phone: '02-871-7701', email: 'admin@seoulcheckup.example' }, { name: '김도현', title: '이사장', phone: '02-871-7700', email: '' }],
    visitor: visitor(null, '7F', { name: '최서윤', email: 'admin@seoulcheckup.example', phone: '02-871-7701', company: '의료법인 서울건강의료재단', businessType: 'Medical', message: '건강검진센터 분원을 열려고 합니다. 한 층 전체(600㎡ 이상)와 장비 반입용 엘리베이터 사용 조건을 알려 주세요.', desiredAreaM2: { min: 600, max: null } }),
    plan: { startMonths: -50, termMonths: 120, fitoutMonths: 3, rentPerM2Krw: 22_000, maintenancePerM2Krw: 6_000, depositKrw: 300_000_000, freeRent: { basis: 'upFront', months: 6 }, escalationPct: 2.5, use: 'Medical', useDetail: '종합 건강검진센터', parking: '검진 고객 주차 2시간 무료 (월 300대분)', interimPct: 40 },
  },
  {
    space: '11F 1103', brand: '브라이트 수학학원', comingSoon: false,
    legalName: '브라이트수학학원', businessNumber: '219-94-15218', representative: '장수빈',
    contacts: [{ name: '장수빈', title: '원장', phone: '010-2748-3391', email: 'subin.jang@brightmath.example' }],
    visitor: visitor(null, '11F', { name: '장수빈', email: 'subin.jang@brightmath.example', phone: '010-2748-3391', company: '브라이트수학학원', businessType: 'Education', message: '중고등 수학학원입니다. 강의실 4개를 만들 수 있는 150㎡ 정도 자리를 찾고 있습니다.' }),
    plan: { startMonths: -56, termMonths: 60, fitoutMonths: 1, rentPerM2Krw: 21_000, maintenancePerM2Krw: 6_000, depositKrw: 45_000_000, freeRent: { basis: 'upFront', months: 0 }, escalationPct: 3, use: 'Education', useDetail: '수학 전문 학원' },
    renewal: true,
  },
  {
    space: '12F 1201', brand: '타워웍스', comingSoon: true,
    legalName: '타워웍스 주식회사', businessNumber: '220-81-07310', representative: '홍지호',
    contacts: [{ name: '홍지호', title: '대표이사', phone: '010-6620-8834', email: 'jiho.hong@towerworks.example' }, { name: '백승민', title: '공간운영 매니저', phone: '010-3391-2270', email: 'space@towerworks.example' }],
    visitor: visitor(null, '12F', { name: '백승민', email: 'space@towerworks.example', phone: '010-3391-2270', company: '타워웍스 주식회사', businessType: 'Office', message: '공유 오피스 신규 지점으로 한 층 전체를 검토하고 있습니다. 12층 600㎡의 조건을 알려 주세요.', desiredAreaM2: { min: 550, max: 700 } }),
    plan: { startMonths: 4, termMonths: 60, fitoutMonths: 2, rentPerM2Krw: 24_500, maintenancePerM2Krw: 6_500, depositKrw: 210_000_000, freeRent: { basis: 'upFront', months: 4 }, escalationPct: 3, use: 'Office', useDetail: '공유 오피스', parking: '월 정기주차 10대' },
  },
  {
    space: 'B1 B104', brand: null, comingSoon: false,
    legalName: '신림분식', businessNumber: '108-17-33614', representative: '배영숙',
    contacts: [{ name: '배영숙', title: '대표', phone: '010-5093-7726', email: '' }],
    visitor: visitor(null, 'B1', { name: '배영숙', email: 'youngsook.bae@sillimsnack.example', phone: '010-5093-7726', company: '신림분식', businessType: 'F&B', message: '지하 푸드홀에 분식집 자리가 있는지 문의드립니다. 100㎡ 이하면 됩니다.' }),
    plan: { startMonths: -24, termMonths: 60, fitoutMonths: 1, rentPerM2Krw: 27_000, maintenancePerM2Krw: 6_500, depositKrw: 30_000_000, freeRent: { basis: 'upFront', months: 1 }, escalationPct: 3, use: 'F&B', useDetail: '분식점' },
  },
  {
    space: '2F 203', brand: null, comingSoon: false,
    legalName: '주식회사 오늘의샐러드', businessNumber: '214-86-04517', representative: '임도윤',
    contacts: [{ name: '임도윤', title: '대표이사', phone: '010-7725-1180', email: 'doyoon.lim@todaysalad.example' }],
    visitor: visitor(null, '2F', { name: '임도윤', email: 'doyoon.lim@todaysalad.example', phone: '010-7725-1180', company: '주식회사 오늘의샐러드', businessType: 'F&B', message: '샐러드 전문점 가맹 매장 자리를 찾습니다. 직장인 점심 수요가 있는 60~70㎡ 자리를 원합니다.' }),
    plan: { startMonths: -12, termMonths: 60, fitoutMonths: 1, rentPerM2Krw: 37_000, maintenancePerM2Krw: 6_500, depositKrw: 35_000_000, freeRent: { basis: 'upFront', months: 1 }, escalationPct: 3, use: 'F&B', useDetail: '샐러드 전문점' },
  },
  {
    space: '4F 402', brand: null, comingSoon: false,
    legalName: '바른연세정형외과의원', businessNumber: '108-96-35413', representative: '신동혁',
    contacts: [{ name: '신동혁', title: '원장', phone: '010-3902-6658', email: 'donghyuk.shin@barunyonsei.example' }],
    visitor: visitor(null, '4F', { name: '신동혁', email: 'donghyuk.shin@barunyonsei.example', phone: '010-3902-6658', company: '바른연세정형외과의원', businessType: 'Medical', message: '정형외과 개원 입지를 보고 있습니다. 물리치료실을 둘 수 있는 140㎡ 이상 자리가 궁금합니다.' }),
    plan: { startMonths: -38, termMonths: 60, fitoutMonths: 2, rentPerM2Krw: 25_000, maintenancePerM2Krw: 6_500, depositKrw: 50_000_000, freeRent: { basis: 'upFront', months: 2 }, escalationPct: 3, use: 'Medical', useDetail: '정형외과 의원' },
  },
  {
    space: '7F 702', brand: null, comingSoon: false,
    legalName: '마음숲정신건강의학과의원', businessNumber: '219-96-22713', representative: '한예린',
    contacts: [{ name: '한예린', title: '원장', phone: '010-2218-4470', email: 'yerin.han@maeumsoop.example' }],
    visitor: visitor(null, '7F', { name: '한예린', email: 'yerin.han@maeumsoop.example', phone: '010-2218-4470', company: '마음숲정신건강의학과의원', businessType: 'Medical', message: '정신건강의학과 의원 자리를 찾습니다. 조용한 고층, 150㎡ 내외를 희망합니다.', preferredContact: 'email' }),
    plan: { startMonths: -14, termMonths: 60, fitoutMonths: 2, rentPerM2Krw: 26_000, maintenancePerM2Krw: 6_500, depositKrw: 57_000_000, freeRent: { basis: 'upFront', months: 2 }, escalationPct: 3, use: 'Medical', useDetail: '정신건강의학과 의원' },
  },
  {
    space: '10F 1002', brand: null, comingSoon: false,
    legalName: '서울한결한의원', businessNumber: '118-96-41718', representative: '오준혁',
    contacts: [{ name: '오준혁', title: '원장', phone: '010-6650-3318', email: 'junhyuk.oh@hangyeol.example' }],
    visitor: visitor(null, '10F', { name: '오준혁', email: 'junhyuk.oh@hangyeol.example', phone: '010-6650-3318', company: '서울한결한의원', businessType: 'Medical', message: '한의원 이전을 검토 중입니다. 130㎡ 전후, 10층 이상이면 좋겠습니다.' }),
    plan: { startMonths: -46, termMonths: 60, fitoutMonths: 1, rentPerM2Krw: 24_000, maintenancePerM2Krw: 6_000, depositKrw: 45_000_000, freeRent: { basis: 'upFront', months: 1 }, escalationPct: 3, use: 'Medical', useDetail: '한의원' },
  },
  {
    space: '13F 1302', brand: null, comingSoon: false,
    legalName: '법무법인 정담', businessNumber: '108-81-62916', representative: '최정우',
    contacts: [{ name: '남궁현', title: '사무국장', phone: '02-871-1302', email: 'office@jeongdam-law.example' }, { name: '최정우', title: '대표변호사', phone: '', email: 'jungwoo.choi@jeongdam-law.example' }],
    visitor: visitor(null, '13F', { name: '남궁현', email: 'office@jeongdam-law.example', phone: '02-871-1302', company: '법무법인 정담', businessType: 'Office', message: '법무법인 분사무소 사무실을 찾습니다. 변호사실 6개와 회의실이 들어갈 200㎡ 정도 공간을 희망합니다.', preferredContact: 'email' }),
    plan: { startMonths: -26, termMonths: 36, fitoutMonths: 1, rentPerM2Krw: 25_000, maintenancePerM2Krw: 6_500, depositKrw: 72_000_000, freeRent: { basis: 'upFront', months: 2 }, escalationPct: 3, use: 'Office', useDetail: '법률 사무소', parking: '월 정기주차 4대' },
  },
];
