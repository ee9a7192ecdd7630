import { describe, expect, it } from 'vitest';
import { CONTENT_KINDS, jsonSchemaOf } from '~/content/json-schemas';
import { sharedValueMismatches } from '~/content/same-in-every-language';
import { LOCALES } from '~/i18n/locales';
import { readFileSync } from 'node:fs';

const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, any>;
const schemaOf = (area: string) => jsonSchemaOf(CONTENT_KINDS.find((kind) => kind.area === area)!);

describe('values entered once for every language', () => {
  it('agree across the four files of every area today', () => {
    for (const kind of CONTENT_KINDS.filter((k) => k.area)) {
      const ko = read(`content/${kind.area}/ko.json`);
      for (const locale of LOCALES) {
        expect(sharedValueMismatches(jsonSchemaOf(kind), ko, read(`content/${kind.area}/${locale}.json`), 'ko.json'), `${kind.area} ${locale}`).toEqual([]);
      }
    }
  });

  it('name the field where a language names another photo, lacks a half-year or a photo, or renames a period', () => {
    const ko = read('content/construction/ko.json');
    const en = structuredClone(read('content/construction/en.json'));
    en.photos[7].file = '/src/assets/illustrations/construction/other.svg';
    en.periods[3].id = '2025h1';
    expect(sharedValueMismatches(schemaOf('construction'), ko, en, 'content/construction/ko.json')).toEqual([
      { path: 'periods.3.id', message: 'must be the same in every language: content/construction/ko.json has "2025h2"' },
      { path: 'photos.7.file', message: 'must be the same in every language: content/construction/ko.json has "/src/assets/illustrations/construction/2024h2-3.svg"' },
    ]);
    const fewerPhotos = structuredClone(read('content/construction/zh.json'));
    fewerPhotos.photos.pop();
    expect(sharedValueMismatches(schemaOf('construction'), ko, fewerPhotos, 'ko.json')).toEqual([
      { path: 'photos', message: 'must list the same 20 items as ko.json, in the same order (it lists 19)' },
    ]);
    const fewer = structuredClone(read('content/construction/ja.json'));
    fewer.periods.pop();
    expect(sharedValueMismatches(schemaOf('construction'), ko, fewer, 'ko.json')).toEqual([
      { path: 'periods', message: 'must list the same 4 items as ko.json, in the same order (it lists 3)' },
    ]);
  });

  it('leave translated words, and lists of words, free to differ', () => {
    const ko = read('content/floors/ko.json');
    const zh = structuredClone(read('content/floors/zh.json'));
    zh.sections[2].examples.push('另一个例子');
    zh.sections[2].planImage.alt = '别的说明';
    expect(sharedValueMismatches(schemaOf('floors'), ko, zh, 'ko.json')).toEqual([]);
    delete zh.sections[3].locationImage;
    expect(sharedValueMismatches(schemaOf('floors'), ko, zh, 'ko.json')).toEqual([
      { path: 'sections.3.locationImage.file', message: 'must be the same in every language: ko.json has "/src/assets/illustrations/floors/location-2f.svg"' },
    ]);
  });
});
