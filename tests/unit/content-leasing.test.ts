import { describe, expect, it } from 'vitest';
import { parseContent } from '~/content/validate';
import { loadLocalized } from '~/content/load';
import { LeasingTextSchema, LEASING_STEP_COUNT } from '~/content/schemas/leasing';
import { LOCALES } from '~/i18n/locales';
import ko from '../../content/leasing/ko.json';

function withDescription(markdown: string): string {
  const value = structuredClone(ko);
  value.guide.description = markdown;
  try {
    parseContent('content/leasing/ko.json', LeasingTextSchema, value);
    return '';
  } catch (error) {
    return (error as Error).message;
  }
}

describe('leasing content', () => {
  it('has six steps and documents in every language', () => {
    for (const locale of LOCALES) {
      const leasing = loadLocalized('leasing', locale, LeasingTextSchema);
      expect(leasing.process.steps).toHaveLength(LEASING_STEP_COUNT);
      expect(leasing.documents.items.length).toBeGreaterThan(0);
    }
  });

  it('describes every step, so no step of the process shows a bare title', () => {
    for (const locale of LOCALES) {
      for (const step of loadLocalized('leasing', locale, LeasingTextSchema).process.steps) expect(step.description.trim(), `${locale} ${step.label}`).not.toBe('');
    }
    const missing = structuredClone(ko) as Record<string, any>;
    delete missing.process.steps[4].description;
    expect(() => parseContent('content/leasing/ko.json', LeasingTextSchema, missing)).toThrow(/process\.steps\.4\.description/);
  });

  it('accepts simple formatting in the guide description', () => {
    expect(withDescription('Near **Sillim** Station  \nand *more* <3\n\n- one\n- two\n\n1. first\n2. second')).toBe('');
  });

  it.each([
    ['a script', 'Hi\n\n<script>alert(1)</script>', 'HTML'],
    ['an event handler', '<p onclick="steal()">Hi</p>', 'HTML'],
    ['a link', '[Hi](javascript:alert(1))', 'a link'],
    ['an image', '![Hi](/x.png)', 'an image'],
    ['a heading', '# Hi', 'a heading'],
  ])('rejects %s in the guide description, naming the file and field', (_, markdown, what) => {
    const message = withDescription(markdown);
    expect(message).toContain('content/leasing/ko.json');
    expect(message).toContain(`guide.description: uses ${what}; only paragraphs, **bold**, *italic*`);
  });

  it('rejects a process with five steps', () => {
    const value = structuredClone(ko);
    value.process.steps.pop();
    expect(() => parseContent('content/leasing/ko.json', LeasingTextSchema, value)).toThrow(/process\.steps/);
  });
});
