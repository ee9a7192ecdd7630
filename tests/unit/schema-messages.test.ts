import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { BrandInputSchema } from '~/shared/brand';
import { InquiryInputSchema } from '~/shared/inquiry';
import { messagesFor } from '~/content/dictionaries';
import { LOCALES } from '~/i18n/locales';

/** Inputs that make a shared schema speak each kind of message: missing, empty, invalid, unknown. */
const badInputs: [string, v.GenericSchema, unknown][] = [
  ['inquiry: nothing', InquiryInputSchema, {}],
  ['inquiry: blanks and a bad email', InquiryInputSchema, { name: ' ', email: 'nope', phone: '', message: '', attachments: ['/etc/passwd'] }],
  ['inquiry: unknown field', InquiryInputSchema, { name: 'a', email: 'a@b.co', phone: '1', message: 'm', admin: true }],
  ['brand: nothing', BrandInputSchema, {}],
  ['brand: empty contact', BrandInputSchema, { contactInfo: {} }],
  ['brand: bad values', BrandInputSchema, {
    name: '', description: '', category: 'Casino', floor: '99F', unit: '', area: '', thumbnail: '',
    contactInfo: { phone: '', email: 'x', website: 'javascript:alert(1)', extra: 1 }, tags: [''], images: ['../x'], hack: 1,
  }],
];

describe('shared schema messages', () => {
  for (const [name, schema, input] of badInputs) {
    it(`${name}: every message is a dictionary key in every language`, () => {
      const result = v.safeParse(schema, input);
      expect(result.success).toBe(false);
      const keys = [...new Set(result.issues!.map((issue) => issue.message))];
      for (const locale of LOCALES) {
        const missing = keys.filter((key) => !(key in messagesFor(locale)));
        expect({ locale, missing }).toEqual({ locale, missing: [] });
      }
    });
  }
});
