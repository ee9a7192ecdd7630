import { describe, expect, it } from 'vitest';
import { inquiryReference } from '~/shared/inquiry-basics';

describe('inquiryReference', () => {
  it('is the first 8 characters of the id, upper-cased: what the visitor quotes and the inbox shows', () => {
    expect(inquiryReference('0b6c2f1e-9d3a-4c1b-8e2f-1234567890ab')).toBe('0B6C2F1E');
  });
});
