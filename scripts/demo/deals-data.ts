import type { DealTerms } from '../../src/shared/deals/terms.ts';
import type { LeaseContact } from '../../src/shared/leases/lease.ts';
import type { LostReason } from '../../src/shared/lost-reasons.ts';
import type { DeclineReason } from '../../src/shared/proposals/decline-reasons.ts';
import type { Counter } from '../../src/shared/proposals/schemas.ts';
import { monthStart } from './dates.ts';
import { NEGOTIATED_BRAND_SPACE } from './seed-data.ts';
import type { DemoVisitor } from './visitors.ts';

/**
 * The building's pipeline on the day the demo is seeded: prospects who wrote through /contact, at every stage the
 * team works them — new, contacted, a tour booked, a proposal being written, one waiting for the owner's 결재, one
 * sent, one the prospect countered through their link, one accepted (its space reserved), one declined and lost, one
 * accepted and signed into a lease still fitting out (its brand "coming soon"), and one whose validity ends on the
 * seeding day, unanswered (the daily job expires it that night). Fictional people and companies;
 * addresses on `.example`. Terms are written from the spaces' asking terms, as the panel's form prefills them.
 */

/** What the prospect does with a version they were sent, through the link in their mail. */
export type ProspectAnswer =
  | { decision: 'counter'; counter: Counter; message: string }
  | { decision: 'accept' }
  | { decision: 'decline'; reasonCode: DeclineReason; message: string };

/** One version we offer, and what becomes of it. */
export interface DemoRound {
  /** Its terms, from `base`: the spaces' asking terms for the first version, the prospect's counter after. */
  terms: (base: DealTerms, today: string) => DealTerms;
  /** Where it stays: written and kept as a draft, or submitted and waiting for the owner (default: sent). */
  stopsAt?: 'draft' | 'pending_approval';
  /**
   * How many days from the seeding day the offer stands (default: the API's 14). 0: it is valid through the seeding
   * day only, and the daily job (00:01 KST, while the demo runs) expires it and revokes its link — the API takes no
   * validity in the past, so an expired version is made the way one expires.
   */
  validForDays?: number;
  /** The owner's comment approving it, when a rule sends it to the 결재 list. */
  approval?: string;
  answer?: ProspectAnswer;
}

export interface DemoDeal {
  visitor: DemoVisitor;
  /** Assigned to the agent, who called and noted it (and when to follow up). Absent: still new. */
  contacted?: { note: string; nextStepInDays?: number };
  /** A site visit the agent booked: on the `officeDay`th office day from the seeding day, at `hour` KST. */
  tour?: { officeDay: number; hour: number; minute?: number; durationMinutes: 30 | 45 | 60; message: string };
  /** Who answers for the prospect (name, title, company as they sign). */
  signer?: { name: string; title: string; company: string };
  rounds?: DemoRound[];
  /** Lost after the answer, with the reason's code. */
  lost?: { reason: LostReason; note: string };
  /** The lease the accepted version becomes: signed and handed over on the seeding day, announced until it opens. */
  lease?: { legalName: string; businessNumber: string; representative: string; contacts: LeaseContact[]; brand: string };
}

let address = 10;
/** Each prospect writes from an address of their own (TEST-NET-2). */
const nextAddress = () => `198.51.100.${address++}`;

function visitor(space: string, fields: Omit<DemoVisitor, 'space' | 'desiredFloors' | 'clientAddress'>): DemoVisitor {
  return { preferredContact: 'email', ...fields, space, desiredFloors: [space.split(' ')[0]!], clientAddress: nextAddress() };
}

export const DEMO_DEALS: DemoDeal[] = [
  {
    // New this morning, nobody has picked it up yet.
    visitor: visitor('1F 104', {
      name: '정다은', email: 'daeun.jung@luminail.example', phone: '010-4418-2290', company: '주식회사 루미네일', businessType: 'Beauty', locale: 'ko',
      message: '네일·속눈썹 살롱 2호점 자리를 찾고 있습니다. 1층 104호의 임대 조건과 입주 가능 시기를 알려 주세요.',
      source: { path: '/contact?unit=1F-104', referrer: 'https://search.naver.com/', utm: {} },
    }),
  },
  {
    visitor: visitor('13F 1301', {
      name: 'Emma Larsen', email: 'emma.larsen@nordlys-consulting.example', phone: '+45 31 22 48 90', company: 'Nordlys Consulting Korea', businessType: 'Office', locale: 'en',
      message: 'We are opening a Seoul office for 12 people early next year. Could you send the terms for Unit 1301 and say whether it comes furnished?',
      source: { path: '/en/contact?unit=13F-1301', referrer: 'https://www.linkedin.com/', utm: { utm_source: 'linkedin', utm_medium: 'social', utm_campaign: 'office-launch' } },
    }),
  },
  {
    visitor: visitor('8F 801', {
      name: '임채원', email: 'chaewon.lim@cheongdamon.example', phone: '010-3027-5518', company: '청담온한의원', businessType: 'Medical', locale: 'ko', preferredContact: 'phone',
      message: '한의원 확장 이전을 준비 중입니다. 8층 801호에 침구실 6개와 탕전실을 둘 수 있을지 상담받고 싶습니다.',
    }),
    contacted: { note: '전화 상담: 탕전실 배기 가능 여부 확인 요청. 도면 보내고 다음 주 방문 일정 잡기로 함.', nextStepInDays: 4 },
  },
  {
    visitor: visitor('4F 401', {
      name: '송민호', email: 'minho.song@bareunjase.example', phone: '010-9172-3364', company: '바른자세정형외과의원', businessType: 'Medical', locale: 'ko', preferredContact: 'phone',
      message: '정형외과 개원 예정입니다. 4층 401호에서 물리치료실과 X-ray실 배치가 가능한지 보고 싶습니다.',
    }),
    contacted: { note: '원장님과 통화. 방사선 차폐 공사 가능 여부가 관건. 현장 답사 예약.' },
    tour: { officeDay: 1, hour: 10, durationMinutes: 45, message: '1층 로비 안내데스크에서 뵙겠습니다. 4층 401호와 같은 층 공용부를 함께 보시겠습니다.' },
  },
  {
    visitor: visitor('2F 202', {
      name: '김나래', email: 'narae.kim@sundaybrunch.example', phone: '010-2236-8801', company: '브런치하우스 선데이', businessType: 'F&B', locale: 'ko',
      message: '브런치 카페 자리로 2층 202호를 보고 싶습니다. 테라스나 큰 창이 있는지 궁금합니다.',
      source: { path: '/contact?unit=2F-202', referrer: 'https://www.instagram.com/', utm: { utm_source: 'instagram', utm_medium: 'social', utm_campaign: 'fnb-2f' } },
    }),
    contacted: { note: '메일로 평면도와 임대 조건 보냄. 주말 유동인구 자료 요청받음.' },
    tour: { officeDay: 2, hour: 15, durationMinutes: 30, message: '2층 202호를 보신 뒤 같은 층 한옥 테이블 옆 공용 테라스도 안내해 드리겠습니다.' },
  },
  {
    visitor: visitor('10F 1001', {
      name: '윤재희', email: 'jaehee.yoon@lingoenglish.example', phone: '010-6604-1192', company: '링고잉글리시어학원', businessType: 'Education', locale: 'ko',
      message: '초등 영어학원을 10층으로 옮기려고 합니다. 1001호에 강의실 5개가 들어갈지, 임대 기간은 3년으로 가능한지 알고 싶습니다.',
    }),
    contacted: { note: '3년 계약 희망. 방학 특강 전 입주 원함. 답사 후 제안서 드리기로 함.' },
    tour: { officeDay: 3, hour: 11, durationMinutes: 45, message: '10층 1001호와 엘리베이터 동선을 함께 보시겠습니다.' },
    rounds: [{ terms: (asking) => ({ ...asking, termMonths: 36, freeRent: { basis: 'upFront', months: 1 }, use: 'Education', useDetail: '초등 영어학원' }), stopsAt: 'draft' }],
  },
  {
    visitor: visitor('6F 601', {
      name: '佐藤 美咲', email: 'misaki.sato@sakura-medical.example', phone: '+81 3-5210-4471', company: 'さくらメディカル株式会社 (Sakura Medical Co., Ltd.)', businessType: 'Medical', locale: 'ja',
      message: 'ソウルに健診クリニックを開設する予定です。6階601区画の賃貸条件と、内装工事への支援(TI)が可能か教えてください。',
      source: { path: '/ja/contact?unit=6F-601', referrer: null, utm: {} },
    }),
    contacted: { note: '일본 본사와 화상 미팅. 인테리어 지원(TI)을 조건으로 5년 계약 검토. 답사 후 제안서 결재 올림.' },
    tour: { officeDay: 4, hour: 14, durationMinutes: 60, message: '通訳が同行します。6階601区画と機器搬入用エレベーターをご案内します。' },
    rounds: [{
      terms: (asking) => ({ ...asking, rentPerM2Krw: 25_000, fitoutMonths: 3, freeRent: { basis: 'upFront', months: 3 }, tiKrw: 80_000_000, use: 'Medical', useDetail: '건강검진 클리닉' }),
      stopsAt: 'pending_approval',
    }],
  },
  {
    visitor: visitor('9F 901', {
      name: '허지민', email: 'jimin.heo@brighteye.example', phone: '010-8820-4153', company: '밝은눈안과의원', businessType: 'Medical', locale: 'ko', preferredContact: 'phone',
      message: '안과 의원 이전 개원을 검토하고 있습니다. 9층 901호에 수술실을 둘 수 있는지 상담 부탁드립니다.',
    }),
    contacted: { note: '수술실 항온항습 설비와 장비 반입 동선이 핵심. 특약 넣어 제안하기로 함.' },
    rounds: [{
      terms: (asking) => ({ ...asking, fitoutMonths: 2, freeRent: { basis: 'upFront', months: 2 }, use: 'Medical', useDetail: '안과 의원', specialTerms: '의료 장비 반입을 위해 화물용 엘리베이터를 우선 사용하게 하고, 수술실 바닥 하중 보강은 임차인 비용으로 한다.' }),
      approval: '특약 문구 확인했습니다. 발송하세요.',
    }],
  },
  {
    visitor: visitor('14F 1401', {
      name: '조은별', email: 'eunbyeol.cho@haneuljeongwon.example', phone: '010-5581-0094', company: '주식회사 하늘정원', businessType: 'F&B', locale: 'ko',
      message: '루프탑 다이닝을 준비하고 있습니다. 14층 1401호의 조건과 옥상 테라스 사용 가능 여부를 알려 주세요.',
    }),
    contacted: { note: '야간 영업 위주. 옥상 테라스 사용은 특약 대신 별도 협의로.' },
    signer: { name: '조은별', title: '대표이사', company: '주식회사 하늘정원' },
    rounds: [{
      terms: (asking) => ({ ...asking, fitoutMonths: 2, freeRent: { basis: 'perYear', months: 1 }, use: 'F&B', useDetail: '루프탑 다이닝' }),
      approval: '렌트프리 연 1개월까지 승인합니다.',
      answer: {
        decision: 'counter',
        counter: { rentPerM2Krw: 24_000, freeRent: { basis: 'upFront', months: 4 } },
        message: '주방과 테라스 공사가 길어 초기 부담을 줄이고 싶습니다. 임대료를 조금 낮추고 렌트프리를 앞쪽에 몰아 주시면 바로 진행하겠습니다.',
      },
    }],
  },
  {
    visitor: visitor('3F 303', {
      name: '한서연', email: 'seoyeon.han@pilateson.example', phone: '010-7730-2261', company: '주식회사 필라테스온', businessType: 'Service', locale: 'ko',
      message: '필라테스 스튜디오 자리를 찾습니다. 3층 303호에 기구 8대를 둘 수 있을지, 3년 계약 조건이 궁금합니다.',
    }),
    contacted: { note: '기구 8대 배치 가능 확인. 3년 계약, 렌트프리 협의 중.' },
    signer: { name: '한서연', title: '대표', company: '주식회사 필라테스온' },
    rounds: [
      {
        terms: (asking) => ({ ...asking, termMonths: 36, freeRent: { basis: 'upFront', months: 1 }, use: 'Service', useDetail: '필라테스 스튜디오' }),
        answer: { decision: 'counter', counter: { freeRent: { basis: 'upFront', months: 3 }, fitoutMonths: 1 }, message: '인테리어 기간 1개월과 렌트프리 3개월을 요청드립니다.' },
      },
      {
        terms: (counter) => ({ ...counter, freeRent: { basis: 'upFront', months: 2 }, fitoutMonths: 1 }),
        approval: '렌트프리 2개월로 절충한 안 승인합니다.',
        answer: { decision: 'accept' },
      },
    ],
  },
  {
    visitor: visitor(NEGOTIATED_BRAND_SPACE, {
      name: '최윤서', email: 'yunseo.choi@noodlelab.example', phone: '010-4467-3381', company: '주식회사 누들랩', businessType: 'F&B', locale: 'ko',
      message: '수타면과 만두 전문점입니다. 2층 205호에 오픈 주방과 배기 덕트 설치가 가능한지 문의드립니다.',
    }),
    contacted: { note: '배기 덕트 경로 확인 완료. 특약 포함해 제안.' },
    signer: { name: '최윤서', title: '대표이사', company: '주식회사 누들랩' },
    rounds: [{
      terms: (asking, today) => ({ ...asking, rentPerM2Krw: 36_000, startDate: monthStart(today, 3), fitoutMonths: 2, freeRent: { basis: 'upFront', months: 2 }, use: 'F&B', useDetail: '수타면·만두 전문점', specialTerms: '주방 배기 덕트와 그리스트랩 설치를 허용하고, 덕트는 계약 종료 시 원상복구 대상에서 제외한다.' }),
      approval: '배기 특약 포함해 승인합니다.',
      answer: { decision: 'accept' },
    }],
    lease: {
      legalName: '주식회사 누들랩', businessNumber: '119-81-16519', representative: '최윤서', brand: '누들랩',
      contacts: [{ name: '최윤서', title: '대표이사', phone: '010-4467-3381', email: 'yunseo.choi@noodlelab.example' }, { name: '박태오', title: '주방장', phone: '010-2915-6640', email: '' }],
    },
  },
  {
    visitor: visitor('11F 1102', {
      name: '문지후', email: 'jihoo.moon@codinghouse.example', phone: '010-3356-7719', company: '코딩하우스', businessType: 'Education', locale: 'ko',
      message: '초중등 코딩 교실 자리를 찾습니다. 11층 1102호의 2년 계약 조건을 알고 싶습니다.',
    }),
    contacted: { note: '예산이 빠듯함. 호가 기준으로 제안해 보기로.' },
    signer: { name: '문지후', title: '원장', company: '코딩하우스' },
    rounds: [{
      terms: (asking) => ({ ...asking, termMonths: 24, use: 'Education', useDetail: '코딩 교실' }),
      answer: { decision: 'decline', reasonCode: 'price', message: '월 부담이 예산을 넘어 이번에는 어렵겠습니다. 좋은 조건 주셔서 감사합니다.' },
    }],
    lost: { reason: 'price', note: '임대료 부담으로 거절. 하반기 공실 생기면 다시 연락하기로.' },
  },
  {
    visitor: visitor('8F 802', {
      name: '강도윤', email: 'doyoon.kang@onnuri-ent.example', phone: '010-6243-7785', company: '온누리이비인후과의원', businessType: 'Medical', locale: 'ko', preferredContact: 'phone',
      message: '이비인후과 의원 2호점 자리를 보고 있습니다. 8층 802호의 임대 조건과 청력검사실 방음 공사가 가능한지 알려 주세요.',
    }),
    contacted: { note: '청력검사실 방음 공사 가능. 호가대로 제안 보냄, 다른 건물과 비교 중이라 함. 답이 없으면 유효기간 지나 만료.' },
    signer: { name: '강도윤', title: '원장', company: '온누리이비인후과의원' },
    rounds: [{ terms: (asking) => ({ ...asking, termMonths: 36, use: 'Medical', useDetail: '이비인후과 의원' }), validForDays: 0 }],
  },
];
