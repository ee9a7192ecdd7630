import { sql } from 'kysely';
import { openPglite } from '../../src/server/db/pglite.ts';
import { currentNoticeVersion } from '../../src/server/privacy/notice.ts';

/**
 * Seeds `count` inquiries into a PGlite folder with one INSERT … SELECT (a benchmark fixture: the POST
 * path is measured elsewhere). Spread over the last year, every status, some tied to a unit, about half
 * answered (for the median), with Korean and English text so searches hit and miss realistically.
 */
export async function seedInquiries(dataDir: string, count: number): Promise<number> {
  const started = performance.now();
  const db = await openPglite({ dataDir });
  try {
    await sql`
      insert into inquiries (name, email, phone, message, company, business_type, desired_floors, status, created_at,
                             first_status_change_at, unit_floor, unit_number, locale, attachments,
                             privacy_notice_version, privacy_notice_at, marketing_consent, marketing_consent_at)
      select
        (array['김민준','이서연','박지호','최수아','정우진','Kim Minjun','Jane Doe','王伟','佐藤健','Lee Clinic'])[1 + n % 10] || ' ' || n,
        'tenant' || n || '@' || (array['example.com','clinic.example','cafe.example','office.example'])[1 + n % 4],
        '010-' || lpad((n % 10000)::text, 4, '0') || '-' || lpad(((n * 7) % 10000)::text, 4, '0'),
        (array['3층 120평 사무실 임대 조건을 알고 싶습니다.','1층 카페 자리 보증금과 월세가 궁금합니다.',
               'We are looking for 200 m² for a dental clinic on 2F.','Co-working space, 500 m², move in next spring.',
               '想了解 B1 层餐饮店铺的租金。','美容室の出店を検討しています。'])[1 + n % 6] || ' #' || n,
        case when n % 3 = 0 then null else (array['Blue Bottle','Acme Dental','Seoul Fitness','Hanbit Academy','Green Pharmacy'])[1 + n % 5] || ' ' || (n % 97) end,
        (array['F&B','Medical','Office','Retail','Service','Education','Beauty'])[1 + n % 7],
        array[(array['B1','1F','2F','3F','5F','8F','11F','14F'])[1 + n % 8]],
        (array['new','new','new','contacted','touring','proposal','won','lost'])[1 + n % 8],
        now() - make_interval(secs => (n * 3153.6)::int),
        case when n % 8 >= 3 then now() - make_interval(secs => (n * 3153.6)::int) + make_interval(mins => 5 + n % 300) end,
        case when n % 5 = 0 then (array['1F','2F','3F'])[1 + n % 3] end,
        case when n % 5 = 0 then (100 + n % 30)::text end,
        (array['ko','en','zh','ja'])[1 + n % 4],
        '{}',
        -- As the form sends them: the notice acknowledged at arrival, about one in five ticking the marketing box.
        ${currentNoticeVersion()},
        now() - make_interval(secs => (n * 3153.6)::int),
        n % 5 = 0,
        now() - make_interval(secs => (n * 3153.6)::int)
      from generate_series(1, ${count}) as n`.execute(db);
    await sql`analyze inquiries`.execute(db);
  } finally {
    await db.destroy();
  }
  return performance.now() - started;
}

/**
 * Seeds `count` access records (issue 25) beside the inquiries: a year of a team of five opening inquiries
 * (one id each), with an export and an attachment link every so often, so the inbox and the activity log are
 * measured with the reads recorded.
 */
export async function seedAccessRecords(dataDir: string, count: number): Promise<number> {
  const started = performance.now();
  const db = await openPglite({ dataDir });
  try {
    await sql`
      with ids as (select array_agg(id) as all_ids, count(*) as n from inquiries)
      insert into access_records (at, actor_name, action, inquiry_ids, row_count, reason, client_address)
      select
        now() - make_interval(secs => (g * 315.36)::int),
        (array['agent-kim','agent-lee','owner-park','viewer-choi','agent-jung'])[1 + g % 5],
        case when g % 500 = 0 then 'inquiries.export' when g % 50 = 0 then 'attachment.link' else 'inquiry.view' end,
        case when g % 500 = 0 then '{}'::uuid[] else array[ids.all_ids[1 + g % ids.n]] end,
        case when g % 500 = 0 then ids.n end,
        case when g % 500 = 0 then 'report' end,
        '10.0.0.' || (g % 5)
      from generate_series(1, ${count}) as g, ids`.execute(db);
    await sql`analyze access_records`.execute(db);
  } finally {
    await db.destroy();
  }
  return performance.now() - started;
}
