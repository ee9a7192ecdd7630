import * as v from 'valibot';
import { NOTICE_VERSION_PATTERN, RETENTION_PLACEHOLDERS } from '../../shared/privacy/notice.ts';
import { cms, LongText, MarkdownWithLinks, Text } from './shared.ts';

/**
 * The collection notice at the inquiry form (content/privacy-notice/<lang>.json) and the privacy policy
 * (content/privacy-policy/<lang>.json), each a list of versions named by the day they take effect
 * (decision 021). A new version is a new list item: the old ones stay, so an inquiry's stored version can
 * always be read back and every earlier policy keeps its address.
 */

/** A version: the day it takes effect, the same in every language. */
const Version = v.pipe(
  v.string(),
  v.regex(NOTICE_VERSION_PATTERN, 'a version is the day it takes effect, written YYYY-MM-DD'),
  v.check((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), 'no such day'),
  v.title('시행일 (버전)'),
  v.description('이 버전이 효력을 갖는 날 (YYYY-MM-DD). 새 버전은 새 항목으로 추가하고, 이전 버전은 지우지 않습니다.'),
  cms({ i18n: 'duplicate' }),
);

const PLACEHOLDERS = Object.keys(RETENTION_PLACEHOLDERS);
const placeholderHint = `보유 기간은 직접 쓰지 않고 ${PLACEHOLDERS.join(', ')} 로 씁니다 (설정된 기간이 그 자리에 표시됩니다)`;

/** Every retention placeholder must appear: the periods shown are the ones the system applies, never typed. */
const withRetentionPlaceholders = <T extends v.GenericSchema<string, string>>(schema: T) =>
  v.pipe(
    schema,
    v.rawCheck<string>(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const missing = PLACEHOLDERS.filter((placeholder) => !dataset.value.includes(placeholder));
      if (missing.length > 0) addIssue({ message: `must show the retention periods with ${missing.join(' and ')} (not typed as numbers)` });
    }),
    v.description(placeholderHint),
  );

/** Versions are unique; the newest is the one in force. */
const versions = <T extends v.ObjectEntries>(entries: T, title: string) =>
  v.pipe(
    v.array(v.object(entries)),
    v.minLength(1, 'keep at least one version'),
    v.check((list) => new Set(list.map((item) => (item as { version: string }).version)).size === list.length, 'a version is listed twice'),
    v.title(title),
  );

export const PrivacyNoticeTextSchema = v.object({
  versions: versions(
    {
      version: Version,
      title: v.pipe(Text, v.title('제목')),
      purpose: v.pipe(LongText, v.title('수집·이용 목적')),
      requiredItems: v.pipe(LongText, v.title('필수 항목')),
      optionalItems: v.pipe(LongText, v.title('선택 항목')),
      retention: withRetentionPlaceholders(v.pipe(LongText, v.title('보유·이용 기간'))),
      basis: v.pipe(LongText, v.title('법적 근거')),
      refusal: v.pipe(LongText, v.title('거부할 권리와 거부 시 불이익')),
      acknowledge: v.pipe(Text, v.title('필수 확인란 문구')),
      marketing: v.pipe(
        v.object({
          label: v.pipe(Text, v.title('선택 동의란 문구')),
          purpose: v.pipe(LongText, v.title('목적')),
          items: v.pipe(LongText, v.title('항목')),
          period: v.pipe(LongText, v.title('보유 기간')),
          refusal: v.pipe(LongText, v.title('거부해도 문의에 영향이 없다는 안내')),
        }),
        v.title('광고성 정보 수신 (선택)'),
      ),
    },
    '버전',
  ),
});
export type PrivacyNoticeText = v.InferOutput<typeof PrivacyNoticeTextSchema>;
export type PrivacyNoticeVersion = PrivacyNoticeText['versions'][number];

/**
 * The sections every version of the policy must have (PIPA Art. 30, decree Art. 31, the PIPC's writing
 * guide; research/privacy.md §2), by id, in the order a new policy would list them. An editor may add
 * other sections (id `other`) and order them as they like.
 */
export const MANDATORY_POLICY_SECTIONS = {
  purposes: '처리 목적과 법적 근거',
  items: '처리하는 개인정보 항목 (필수·선택·자동 생성·브라우저 보관)',
  retention: '보유 기간',
  destruction: '파기 절차와 방법',
  thirdParty: '제3자 제공',
  processors: '처리 위탁',
  overseas: '국외 이전',
  automatic: '자동 수집 장치의 설치·운영과 거부',
  rights: '정보주체의 권리와 행사 방법',
  safety: '안전성 확보 조치',
  officer: '개인정보 보호책임자',
  remedies: '권익 침해 구제 방법',
  unrecallable: '회수할 수 없는 사본',
  changes: '처리방침의 변경',
} as const;
export type PolicySectionId = keyof typeof MANDATORY_POLICY_SECTIONS | 'other';
const SECTION_IDS = [...Object.keys(MANDATORY_POLICY_SECTIONS), 'other'] as unknown as [PolicySectionId, ...PolicySectionId[]];

const Section = v.object({
  id: v.pipe(v.picklist(SECTION_IDS, `must be one of ${SECTION_IDS.join(', ')}`), v.title('구분'), v.description('필수 항목은 각각 한 번씩 있어야 합니다. 그 밖의 내용은 other'), cms({ i18n: 'duplicate' })),
  title: v.pipe(Text, v.title('제목')),
  body: v.pipe(MarkdownWithLinks, v.title('본문')),
});

const Officer = v.object({
  name: v.pipe(Text, v.title('성명 또는 부서')),
  department: v.pipe(Text, v.title('부서')),
  phone: v.pipe(Text, v.regex(/^[0-9+][0-9 ()-]{5,}$/, 'must be a phone number'), v.title('전화'), cms({ i18n: 'duplicate' })),
  email: v.pipe(Text, v.email('must be an e-mail address'), v.title('이메일'), cms({ i18n: 'duplicate' })),
});

/** A policy version lacking a mandatory section fails the build, naming the file, the version and the section. */
const PolicySections = v.pipe(
  v.array(Section),
  v.rawCheck<v.InferOutput<typeof Section>[]>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const ids = dataset.value.map((section) => section.id);
    for (const [id, name] of Object.entries(MANDATORY_POLICY_SECTIONS)) {
      const count = ids.filter((found) => found === id).length;
      if (count === 0) addIssue({ message: `missing the mandatory section "${id}" (${name})` });
      if (count > 1) addIssue({ message: `the section "${id}" (${name}) is listed ${count} times` });
    }
    const retention = dataset.value.find((section) => section.id === 'retention');
    const missing = retention ? PLACEHOLDERS.filter((placeholder) => !retention.body.includes(placeholder)) : [];
    if (missing.length > 0) addIssue({ message: `the section "retention" must show the periods with ${missing.join(' and ')} (not typed as numbers)` });
  }),
  v.title('항목'),
);

export const PrivacyPolicyTextSchema = v.object({
  versions: versions(
    {
      version: Version,
      summary: v.pipe(
        v.array(v.object({ label: v.pipe(Text, v.title('구분')), text: v.pipe(LongText, v.title('내용')) })),
        v.minLength(1, 'the summary (labelling) at the top needs at least one item'),
        v.title('요약 (라벨링)'),
        v.description(placeholderHint),
      ),
      sections: PolicySections,
      officer: v.pipe(Officer, v.title('개인정보 보호책임자')),
    },
    '버전',
  ),
});
export type PrivacyPolicyText = v.InferOutput<typeof PrivacyPolicyTextSchema>;
export type PrivacyPolicyVersion = PrivacyPolicyText['versions'][number];
