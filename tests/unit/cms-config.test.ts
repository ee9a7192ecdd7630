import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CMS_CONFIG_FILE, cmsConfig, cmsConfigText } from '~/cms/config';
import { CONTENT_KINDS } from '~/content/json-schemas';
import Ajv from 'ajv';
import { cmsRepository } from '../../build/cms-app.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
type Field = Record<string, any>;
const config = cmsConfig(ROOT) as { collections: { name: string; files: Field[] }[]; i18n: Field; backend: Field; output: Field };
const file = (collection: string, name: string) => config.collections.find((c) => c.name === collection)!.files.find((f) => f.name === name)!;
const field = (fields: Field[], ...names: string[]): Field => {
  const [first, ...rest] = names;
  const found = fields.find((f) => f.name === first)!;
  return rest.length === 0 ? found : field(found.fields ?? [found.field], ...rest);
};

describe('the CMS configuration', () => {
  it('is up to date with the content schemas and the Korean dictionaries (run `npm run content:schemas`)', () => {
    expect(readFileSync(path.join(ROOT, CMS_CONFIG_FILE), 'utf8')).toBe(cmsConfigText(ROOT));
  });

  it('edits every content file: each area in four languages side by side, facts once, every dictionary', () => {
    const paths = config.collections.flatMap((c) => c.files.map((f) => f.file as string));
    for (const kind of CONTENT_KINDS) {
      const expected = kind.area ? `content/${kind.area}/{{locale}}.json` : kind.files[0];
      expect(paths, kind.name).toContain(expected);
    }
    for (const namespace of readdirSync(path.join(ROOT, 'content/i18n/ko'))) expect(paths).toContain(`content/i18n/{{locale}}/${namespace}`);
    expect(config.i18n).toEqual({ structure: 'multiple_files', locales: ['ko', 'en', 'zh', 'ja'], default_locale: 'ko' });
  });

  it('lets an editor add a half-year and its photos, entering ids and images once and words in every language', () => {
    const construction = file('pages', 'construction').fields as Field[];
    expect(field(construction, 'periods')).toMatchObject({ widget: 'list', i18n: 'duplicate', min: 1, label: '반기별 공정' });
    expect(field(construction, 'periods', 'id')).toMatchObject({ i18n: 'duplicate', pattern: ['^\\d{4}h[12]$', 'must name a half-year, such as 2026h1 or 2026h2'] });
    expect(field(construction, 'periods', 'title')).toMatchObject({ widget: 'string', i18n: true });
    expect(field(construction, 'photos', 'file')).toMatchObject({
      widget: 'image',
      i18n: 'duplicate',
      media_folder: '/src/assets/illustrations/construction',
      public_folder: '/src/assets/illustrations/construction',
    });
    expect(field(construction, 'photos', 'alt')).toMatchObject({ i18n: true, label: '대체 텍스트' });
    expect(field(construction, 'photos', 'caption')).toMatchObject({ i18n: true, required: false });
    // The "$schema" line stays first in every file, as the IDEs expect it.
    expect(construction[0]).toEqual({ name: '$schema', widget: 'hidden', default: '../.schemas/construction-text.json', i18n: 'duplicate' });
    expect(config.output.omit_empty_optional_fields).toBe(true);
  });

  it('carries the schemas’ ranges, list limits, allowed values and formats into the forms', () => {
    const floorsData = file('facts', 'floors-data').fields as Field[];
    expect(field(floorsData, 'sections')).toMatchObject({ widget: 'list', min: 9, max: 9 });
    expect(field(floorsData, 'sections', 'use')).toMatchObject({ widget: 'select', options: expect.arrayContaining(['medical', 'rooftop']) });
    expect(field(floorsData, 'sections', 'plan', 'units')).toMatchObject({ widget: 'number', value_type: 'int', min: 0, max: 12 });
    const floors = file('pages', 'floors').fields as Field[];
    expect(field(floors, 'sections', 'exampleImages')).toMatchObject({ widget: 'list', max: 3, i18n: 'duplicate' });
    expect(field(floors, 'sections', 'locationImage')).toMatchObject({ widget: 'object', required: false });
    const directions = file('facts', 'directions-data').fields as Field[];
    expect(field(directions, 'postalCode').pattern).toEqual(['^[0-9]{5}$', 'must be a 5-digit postal code']);
    expect(field(directions, 'geo', 'latitude')).toMatchObject({ widget: 'number', min: -90, max: 90 });
    const leasing = file('pages', 'leasing').fields as Field[];
    expect(field(leasing, 'guide', 'description')).toMatchObject({ widget: 'richtext', buttons: ['bold', 'italic', 'bulleted-list', 'numbered-list'], editor_components: [] });
    expect(field(file('pages', 'brochures').fields as Field[], 'pdf')).toMatchObject({ widget: 'file', i18n: true, media_folder: '/content/brochures', public_folder: '/content/brochures', accept: 'application/pdf,.pdf' });
  });

  it('commits to the repository CMS_GITHUB_REPO names, else the one Netlify builds, else the checkout’s GitHub remote', () => {
    expect(config.backend).toMatchObject({ name: 'github', branch: 'main' });
    expect(cmsRepository({ REPOSITORY_URL: 'https://github.com/btower/website' })).toBe('btower/website');
    expect(cmsRepository({ REPOSITORY_URL: 'git@github.com:btower/website.git' })).toBe('btower/website');
    expect(cmsRepository({ REPOSITORY_URL: 'https://github.com/btower/website', CMS_GITHUB_REPO: 'leasing/site' })).toBe('leasing/site');
    expect(cmsRepository({}, 'git@github.com:btower/website.git')).toBe('btower/website');
    expect(cmsRepository({ CMS_GITHUB_REPO: 'leasing/site' }, 'https://github.com/btower/website')).toBe('leasing/site');
    // A remote elsewhere (or none) names nothing: the page then says how to set it.
    expect(cmsRepository({}, '/srv/git/website.git')).toBeUndefined();
    expect(cmsRepository({})).toBeUndefined();
  });

  // The CMS no longer checks its configuration against its JSON Schema at every start (build/cms/sveltia-patches.ts):
  // the configuration the page starts with (src/cms/main.ts's additions included) is checked here instead.
  it('is valid against the CMS’s own JSON Schema, as the page starts it on the local server and on the site', () => {
    const schema = JSON.parse(readFileSync(path.join(ROOT, 'node_modules/@sveltia/cms/schema/sveltia-cms.json'), 'utf8'));
    const validate = new Ajv({ strict: false, allErrors: true, logger: false }).compile(schema);
    const page = { app_title: 'B TOWER 콘텐츠 편집', logo: { src: '/favicon.svg', show_in_header: true }, load_config_file: false };
    const site = { ...config, ...page, backend: { ...config.backend, repo: 'btower/website' } };
    const local = { ...site, backend: { ...site.backend, base_url: 'http://127.0.0.1:8888', auth_endpoint: 'cms/local-sign-in.html' } };
    for (const started of [site, local]) {
      validate(started);
      expect(validate.errors ?? []).toEqual([]);
    }
    // It does catch a mistake.
    expect(validate({ ...site, backend: { ...site.backend, repo: 42 } })).toBe(false);
  });
});
