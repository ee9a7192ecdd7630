import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { EMPTY_DETAILS, detailErrorsOf, detailsBody, issueFields } from '~/client/tenant-details-model';
import { InquiryInputSchema } from '~/shared/inquiry';

const REQUIRED = { name: 'Kim', email: 'kim@example.com', phone: '010-0000-0000', message: 'Hello' };
const parse = (details: Partial<typeof EMPTY_DETAILS>) => v.safeParse(InquiryInputSchema, { ...REQUIRED, ...detailsBody({ ...EMPTY_DETAILS, ...details }) });

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
    const range = parse({ areaMin: '300', areaMax: '100' });
    expect(detailErrorsOf(issueFields(range.issues!))).toEqual({ desiredAreaM2: 'inquiryExtra.errors.areaRange' });
    const zero = parse({ areaMin: '0' });
    expect(detailErrorsOf(issueFields(zero.issues!))).toEqual({ desiredAreaM2: 'inquiryExtra.errors.areaInvalid' });
  });

  it('take from a server answer only the details fields, a floor item as the floors', () => {
    expect(detailErrorsOf({ email: 'inquiry.errors.emailInvalid', 'desiredFloors.1': 'inquiryExtra.errors.floorInvalid', company: 'inquiry.errors.tooLong' })).toEqual({
      desiredFloors: 'inquiryExtra.errors.floorInvalid',
      company: 'inquiry.errors.tooLong',
    });
    expect(detailErrorsOf(undefined)).toEqual({});
  });
});
