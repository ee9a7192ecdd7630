import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { EMPTY_DETAILS, detailErrorsOf, detailsBody, detailsFromQuery } from '~/client/tenant-details-model';
import { BRAND_CATEGORIES } from '~/shared/brand-basics';
import { UNIT_FLOORS } from '~/shared/units/basics';
import { similarInquiryPath } from '~/shared/share-paths';
import { InquiryInputSchema } from '~/shared/inquiry';
import { inquiryFormProblems } from '~/shared/inquiry-rules';

const REQUIRED = { name: 'Kim', email: 'kim@example.com', phone: '010-0000-0000', message: 'Hello', privacyNoticeVersion: '2026-11-27' };
const parse = (details: Partial<typeof EMPTY_DETAILS>) => v.safeParse(InquiryInputSchema, { ...REQUIRED, ...detailsBody({ ...EMPTY_DETAILS, ...details }) });
/** The server's answer for these details: each issue's dot path → its message. */
const serverFields = (details: Partial<typeof EMPTY_DETAILS>) =>
  Object.fromEntries((parse(details).issues ?? []).map((issue) => [v.getDotPath(issue) ?? '', issue.message]));
/** What the form finds in the browser before sending the same details. */
const formFields = (details: Partial<typeof EMPTY_DETAILS>) =>
  inquiryFormProblems({ ...REQUIRED, attachments: [], ...detailsBody({ ...EMPTY_DETAILS, ...details }) });

describe('the optional details of the contact form', () => {
  it('send nothing a visitor did not fill: blank details pass as empty', () => {
    const parsed = parse({ company: '   ' });
    expect(parsed.success).toBe(true);
    expect(parsed.output).toMatchObject({ company: null, businessType: null, desiredFloors: [], desiredAreaM2: null, moveInDate: null, preferredContact: null });
  });

  it('send what was filled as the server stores it, an area with one bound too', () => {
    const parsed = parse({ company: ' Smile Dental ', businessType: 'Medical', desiredFloors: ['3F', '5F'], areaMin: '120', areaMax: '', moveInDate: '2027-03-01', preferredContact: 'email' });
    expect(parsed.output).toMatchObject({
      company: 'Smile Dental', businessType: 'Medical', desiredFloors: ['3F', '5F'], desiredAreaM2: { min: 120, max: null }, moveInDate: '2027-03-01', preferredContact: 'email',
    });
  });

  it('mark a refused area at the area, in the browser as from the server', () => {
    for (const fields of [serverFields, formFields]) {
      expect(detailErrorsOf(fields({ areaMin: '300', areaMax: '100' }))).toEqual({ desiredAreaM2: 'inquiryExtra.errors.areaRange' });
      expect(detailErrorsOf(fields({ areaMin: '0' }))).toEqual({ desiredAreaM2: 'inquiryExtra.errors.areaInvalid' });
      expect(detailErrorsOf(fields({ areaMax: '1e6' }))).toEqual({ desiredAreaM2: 'inquiryExtra.errors.areaInvalid' });
      expect(detailErrorsOf(fields({ moveInDate: '2027-02-30' }))).toEqual({ moveInDate: 'inquiryExtra.errors.dateInvalid' });
      expect(detailErrorsOf(fields({ company: 'x'.repeat(201) }))).toEqual({ company: 'inquiry.errors.tooLong' });
    }
  });

  it('take from a server answer only the details fields, a floor item as the floors', () => {
    expect(detailErrorsOf({ email: 'inquiry.errors.emailInvalid', 'desiredFloors.1': 'inquiryExtra.errors.floorInvalid', company: 'inquiry.errors.tooLong' })).toEqual({
      desiredFloors: 'inquiryExtra.errors.floorInvalid',
      company: 'inquiry.errors.tooLong',
    });
    expect(detailErrorsOf(undefined)).toEqual({});
  });
});

describe('details a link fills in (a leased space\'s "ask about similar spaces")', () => {
  const fill = (query: string) => detailsFromQuery(new URLSearchParams(query), UNIT_FLOORS, BRAND_CATEGORIES);

  it('take the floor, area and use the link names, and the server accepts them as sent', () => {
    const details = fill(similarInquiryPath({ floor: '6F', exclusiveAreaM2: 100, uses: ['Medical'] }).split('?')[1]!.split('#')[0]!);
    expect(details).toEqual({ ...EMPTY_DETAILS, desiredFloors: ['6F'], areaMin: '80', areaMax: '125', businessType: 'Medical' });
    expect(parse(details).success).toBe(true);
  });

  it('drop what the form would not offer, so a doctored link fills nothing wrong', () => {
    expect(fill('floor=99F&areaMin=-3&areaMax=big&use=Casino')).toEqual(EMPTY_DETAILS);
    expect(fill('')).toEqual(EMPTY_DETAILS);
  });
});
