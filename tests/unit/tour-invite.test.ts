import ICAL from 'ical.js';
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { feedText, invitationText, tourUid, type CalendarEvent, type InviteMethod } from '~/server/tours/calendar';
import { mailOptions } from '~/server/notify/mail';
import { nextFreeStarts, slotProblem } from '~/shared/tours';

/** A fixed clock: every DTSTAMP in these tests is this moment. */
const STAMP = new Date('2026-11-27T00:00:00Z');
const seoul = (text: string) => new Date(`${text}+09:00`);
const none = new Set<string>();

const people = {
  organizer: { name: 'B TOWER 임대팀', email: 'leasing@btower.example' },
  prospect: { name: '김민준, Kim; "MJ"', email: 'minjun@example.com' },
  host: { name: '이다나', email: 'dana@btower.example' },
};

function event(overrides: Partial<CalendarEvent> = {}): CalendarEvent {
  return {
    uid: tourUid('0b6f0f5e-6a8e-4b8e-9a57-2d0c3f0a1b2c', 'https://btower.example'),
    sequence: 0,
    startsAt: seoul('2026-12-01T10:00:00'),
    endsAt: seoul('2026-12-01T10:30:00'),
    // Korean text of many octets, and the three characters TEXT must escape.
    summary: 'B TOWER 현장 투어 (3F 301, 5F 501; 옥상 \\ 테라스)',
    location: '서울특별시 관악구 신림로 330, B TOWER (지하 2층–지상 14층) — 1층 메인 로비 안내 데스크에서 만나요',
    description: '담당자: 이다나\n지도: https://www.google.com/maps?q=%EC%8B%A0%EB%A6%BC%EB%A1%9C+330\n문의: 02-871-3300',
    ...overrides,
  };
}

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  return { calendar, vevent, event: new ICAL.Event(vevent) };
}

const unfolded = (text: string) => text.replace(/\r\n[ \t]/g, '');

describe('tour invitations (RFC 5545/5546, decision 029)', () => {
  const versions: [InviteMethod, number][] = [['REQUEST', 0], ['REQUEST', 1], ['CANCEL', 2]];
  const texts = versions.map(([method, sequence]) => invitationText(event({ sequence, ...(sequence > 0 ? { startsAt: seoul('2026-12-02T14:00:00'), endsAt: seoul('2026-12-02T14:45:00') } : {}) }), method, people, STAMP));

  it('ends every line with CRLF and keeps every line within 75 octets, Hangul included', () => {
    for (const text of texts) {
      expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
      const lines = text.split('\r\n');
      for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
      // Long Korean values were folded, not cut: unfolding gives the whole text back.
      expect(lines.some((line) => line.startsWith(' '))).toBe(true);
      expect(unfolded(text)).toContain('LOCATION:서울특별시 관악구 신림로 330\\, B TOWER');
    }
  });

  it('never splits a UTF-8 character across a fold', () => {
    for (const line of texts[0]!.split('\r\n')) expect(Buffer.from(line, 'utf8').toString('utf8')).toBe(line);
    expect(texts[0]).not.toContain('\uFFFD');
  });

  it('escapes , ; and \\ in text values', () => {
    const text = unfolded(texts[0]!);
    expect(text).toContain('SUMMARY:B TOWER 현장 투어 (3F 301\\, 5F 501\\; 옥상 \\\\ 테라스)');
    expect(text).toContain('DESCRIPTION:담당자: 이다나\\n지도:');
  });

  it('keeps one UID from request to reschedule to cancel, with SEQUENCE 0 → 1 → 2', () => {
    const parsed = texts.map(parse);
    expect(new Set(parsed.map((p) => p.event.uid))).toEqual(new Set(['tour-0b6f0f5e-6a8e-4b8e-9a57-2d0c3f0a1b2c@btower.example']));
    expect(parsed.map((p) => p.event.sequence)).toEqual([0, 1, 2]);
    expect(parsed.map((p) => p.calendar.getFirstPropertyValue('method'))).toEqual(['REQUEST', 'REQUEST', 'CANCEL']);
    expect(parsed.map((p) => p.vevent.getFirstPropertyValue('status'))).toEqual(['CONFIRMED', 'CONFIRMED', 'CANCELLED']);
  });

  it('parses back with ical.js into the right UTC times (10:00 KST = 01:00Z), with organizer and attendees (a name with , ; " survives, RFC 6868)', () => {
    const { event: first, vevent } = parse(texts[0]!);
    expect(first.startDate.toJSDate().toISOString()).toBe('2026-12-01T01:00:00.000Z');
    expect(first.endDate.toJSDate().toISOString()).toBe('2026-12-01T01:30:00.000Z');
    expect(first.startDate.zone?.tzid).toBe('UTC');
    expect(vevent.getFirstPropertyValue('dtstamp')!.toString()).toBe('2026-11-27T00:00:00Z');
    expect(unfolded(texts[0]!)).toMatch(/^DTSTART:20261201T010000Z$/m);
    const rescheduled = parse(texts[1]!).event;
    expect(rescheduled.startDate.toJSDate().toISOString()).toBe('2026-12-02T05:00:00.000Z');
    expect(rescheduled.endDate.toJSDate().toISOString()).toBe('2026-12-02T05:45:00.000Z');
    expect(vevent.getFirstPropertyValue('organizer')).toBe('mailto:leasing@btower.example');
    const attendees = vevent.getAllProperties('attendee').map((property) => ({
      address: String(property.getFirstValue()).toLowerCase(),
      partstat: property.getParameter('partstat'),
      rsvp: property.getParameter('rsvp') ?? null,
      cn: property.getParameter('cn'),
    }));
    expect(attendees).toEqual([
      { address: 'mailto:minjun@example.com', partstat: 'NEEDS-ACTION', rsvp: 'TRUE', cn: people.prospect.name },
      { address: 'mailto:dana@btower.example', partstat: 'ACCEPTED', rsvp: null, cn: '이다나' },
    ]);
  });

  it('writes a feed as PUBLISH without organizer or attendees', () => {
    const text = feedText('B TOWER', [event(), event({ uid: 'tour-2@btower.example', sequence: 3 })], STAMP);
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(calendar.getAllSubcomponents('vevent')).toHaveLength(2);
    expect(text).not.toMatch(/ORGANIZER|ATTENDEE|mailto:/i);
  });

  it('sends the invitation inline as text/calendar; method=… and as the invite.ics file (nodemailer stream transport)', async () => {
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
    for (const [i, [method]] of versions.entries()) {
      const info = await transport.sendMail(mailOptions('B TOWER <leasing@btower.example>', {
        to: 'minjun@example.com', replyTo: 'leasing@btower.example', subject: '[B TOWER] 현장 투어', text: '일시: 2026년 12월 1일 10:00–10:30 (한국 시간, KST)',
        icalEvent: { method, content: texts[i]!, filename: 'invite.ics' },
      }));
      const raw = (info.message as Buffer).toString('utf8');
      expect(raw).toMatch(/^Content-Type: multipart\/mixed;/m);
      expect(raw).toMatch(/^Content-Type: multipart\/alternative;/m);
      expect(raw).toMatch(/^Content-Type: text\/plain; charset=utf-8/m);
      expect(raw).toMatch(new RegExp(`^Content-Type: text/calendar; charset=utf-8; method=${method}`, 'm'));
      expect(raw).toMatch(/^Content-Type: application\/ics; name=invite\.ics/m);
      expect(raw).toMatch(/^Content-Disposition: attachment; filename=invite\.ics/m);
      expect(raw).toMatch(/^Reply-To: leasing@btower\.example/m);
      // The inline part sits inside the alternative, before the attachment.
      expect(raw.indexOf('text/calendar')).toBeLessThan(raw.indexOf('application/ics'));
    }
  });
});

describe('tour slot rules (office hours, holidays, horizon, quarter hours)', () => {
  const now = seoul('2026-11-30T09:00:00');
  it('books inside office hours on an office day and refuses each rule with its own reason', () => {
    expect(slotProblem(seoul('2026-12-01T17:30:00'), 30, now, none)).toBeNull();
    expect(slotProblem(seoul('2026-12-01T17:30:00'), 45, now, none)).toBe('tours.errors.outsideHours');
    expect(slotProblem(seoul('2026-12-01T08:45:00'), 30, now, none)).toBe('tours.errors.outsideHours');
    expect(slotProblem(seoul('2026-12-05T10:00:00'), 30, now, none)).toBe('tours.errors.closedDay');
    expect(slotProblem(seoul('2026-12-01T10:00:00'), 30, now, new Set(['2026-12-01']))).toBe('tours.errors.closedDay');
    expect(slotProblem(seoul('2026-11-30T08:00:00'), 30, now, none)).toBe('tours.errors.past');
    expect(slotProblem(seoul('2026-12-01T10:10:00'), 30, now, none)).toBe('tours.errors.notOnStep');
    expect(slotProblem(new Date(now.getTime() + 90 * 86_400_000 + 3_600_000), 30, now, none)).toBe('tours.errors.tooFar');
  });

  it('offers the next free starts after the host’s tour and its buffer, skipping nights and weekends', () => {
    const busy = [{ startsAt: seoul('2026-12-04T17:00:00'), busyUntil: seoul('2026-12-04T17:45:00') }];
    expect(nextFreeStarts(seoul('2026-12-04T17:00:00'), 30, 15, busy, now, none).map((at) => at.toISOString())).toEqual([
      seoul('2026-12-07T09:00:00').toISOString(),
      seoul('2026-12-07T09:15:00').toISOString(),
      seoul('2026-12-07T09:30:00').toISOString(),
    ]);
    // 16:15 + 30 min + 15 min buffer ends at 17:00 exactly and fits; 16:30 would run into the 17:00 tour.
    expect(nextFreeStarts(seoul('2026-12-04T16:00:00'), 30, 15, busy, now, none, 2).map((at) => at.toISOString())).toEqual([
      seoul('2026-12-04T16:00:00').toISOString(),
      seoul('2026-12-04T16:15:00').toISOString(),
    ]);
  });
});
