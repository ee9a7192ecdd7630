/**
 * The CMS configuration (Sveltia CMS, decision 019), generated from the content schemas by way of their JSON
 * Schemas: field types, labels (`v.title`, else src/cms/labels.ts), hints (`v.description`), required
 * fields, patterns with the build's own messages, lengths, ranges, list limits, allowed values, image and
 * file fields and how each value relates across the four language files (`x-cms`, src/content/schemas/
 * shared.ts). `npm run content:schemas` writes it to src/cms/config.json; a unit test fails when it is
 * stale. Rules a form cannot express (fields that must agree with each other) stay in the build, which
 * names the file and field: an editor sees them as a failed deploy with that message.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CONTENT_KINDS, jsonSchemaOf, schemaRefFor, type ContentKind } from '../content/json-schemas.ts';
import { DEFAULT_LOCALE, LOCALES } from '../i18n/locales.ts';
import type { Dictionary } from '../i18n/translate.ts';
import { FIELD_LABELS } from './labels.ts';

export const CMS_CONFIG_FILE = 'src/cms/config.json';

/** A JSON Schema node as @valibot/to-json-schema writes ours. */
interface SchemaNode {
  type?: string;
  title?: string;
  description?: string;
  properties?: Record<string, SchemaNode>;
  required?: string[];
  items?: SchemaNode | SchemaNode[];
  enum?: (string | number)[];
  pattern?: string;
  'x-pattern-message'?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  'x-cms'?: { widget?: string; media?: { folder: string; public: string }; i18n?: string };
}

type Field = Record<string, unknown>;

/** Where each area's files appear in the CMS, in the order of the site's menu. */
const PAGES: { area: string; label: string }[] = [
  { area: 'about', label: '소개' },
  { area: 'architecture', label: '건축' },
  { area: 'construction', label: '공사 현황' },
  { area: 'floors', label: '층별 안내' },
  { area: 'directions', label: '오시는 길' },
  { area: 'leasing', label: '임대 안내 (고객센터)' },
  { area: 'brochures', label: '브로슈어' },
  { area: 'privacy-notice', label: '개인정보 수집·이용 안내 (문의 양식)' },
  { area: 'privacy-policy', label: '개인정보 처리방침' },
];
const FACTS: { name: string; label: string }[] = [
  { name: 'building', label: '건물 정보' },
  { name: 'floors-data', label: '층별 안내: 층 구성과 면적' },
  { name: 'directions-data', label: '오시는 길: 연락처, 지도, 교통' },
  { name: 'brochures-data', label: '브로슈어: 수치' },
  { name: 'units', label: '임대 공간: 비용 추정 기본값' },
  { name: 'holidays', label: '공휴일: 문의 응답 시간을 세지 않는 날' },
];

const isShared = (node: SchemaNode | undefined) => node?.['x-cms']?.i18n === 'duplicate';

function holdsShared(node: SchemaNode | undefined): boolean {
  if (!node) return false;
  if (isShared(node)) return true;
  if (node.properties) return Object.values(node.properties).some(holdsShared);
  return Array.isArray(node.items) ? node.items.some(holdsShared) : holdsShared(node.items);
}

const labelOf = (name: string, node: SchemaNode) => node.title ?? FIELD_LABELS[name] ?? name;

/** The Sveltia field for one property of a content schema. `translated`: the file is one language's. */
function fieldOf(name: string, node: SchemaNode, required: boolean, translated: boolean): Field {
  const field: Field = { name, label: labelOf(name, node) };
  if (node.description) field.hint = node.description;
  if (!required) field.required = false;
  const hints = node['x-cms'] ?? {};
  if (translated) field.i18n = isShared(node) || (node.type === 'array' && holdsShared(node)) ? 'duplicate' : true;

  if (node.type === 'object' && node.properties) {
    return { ...field, widget: 'object', fields: fieldsOf(node, translated) };
  }
  if (node.type === 'array') {
    const list: Field = { ...field, widget: 'list' };
    if (node.minItems !== undefined) list.min = node.minItems;
    if (node.maxItems !== undefined) list.max = node.maxItems;
    const item = Array.isArray(node.items) ? node.items[0] : node.items;
    if (!item) return list;
    if (item.type === 'object' && item.properties) {
      list.fields = fieldsOf(item, translated);
      const names = Object.keys(item.properties);
      const summary = ['id', 'title', 'name', 'label', 'alt'].filter((key) => names.includes(key)).slice(0, 2);
      if (summary.length > 0) list.summary = summary.map((key) => `{{fields.${key}}}`).join(' · ');
      list.collapsed = true;
    } else {
      list.field = fieldOf(name, item, true, translated && !isShared(node));
      delete (list.field as Field).i18n;
    }
    return list;
  }
  if (node.enum) return { ...field, widget: 'select', options: node.enum };
  if (node.type === 'number' || node.type === 'integer') {
    const number: Field = { ...field, widget: 'number', value_type: node.type === 'integer' ? 'int' : 'float' };
    if (node.minimum !== undefined) number.min = node.minimum;
    if (node.maximum !== undefined) number.max = node.maximum;
    return number;
  }
  if (node.type === 'boolean') return { ...field, widget: 'boolean' };

  if (hints.widget === 'image' || hints.widget === 'file') {
    const media = hints.media!;
    // No pattern: until it is saved, a new upload's value is a blob: URL, which no path pattern matches. The
    // CMS writes the path itself (public_folder + file name); the build checks it against the schema.
    return {
      ...field,
      widget: hints.widget,
      media_folder: `/${media.folder}`,
      public_folder: media.public,
      choose_url: false,
      ...(hints.widget === 'file' ? { accept: 'application/pdf,.pdf' } : { accept: 'image/jpeg,image/png,image/webp,image/svg+xml' }),
    };
  }
  if (hints.widget === 'markdown') {
    return {
      ...field,
      widget: 'richtext',
      // What the site renders (src/content/markdown.ts); anything else would fail the build.
      buttons: ['bold', 'italic', 'bulleted-list', 'numbered-list'],
      editor_components: [],
      modes: ['rich_text', 'raw'],
    };
  }
  const text: Field = { ...field, widget: hints.widget === 'text' ? 'text' : 'string', ...patternOf(node) };
  if (node.minLength !== undefined && node.minLength > 1) text.minlength = node.minLength;
  if (node.maxLength !== undefined) text.maxlength = node.maxLength;
  return text;
}

function patternOf(node: SchemaNode): Field {
  return node.pattern ? { pattern: [node.pattern, node['x-pattern-message'] ?? `must match ${node.pattern}`] } : {};
}

function fieldsOf(node: SchemaNode, translated: boolean): Field[] {
  const required = new Set(node.required ?? []);
  return Object.entries(node.properties ?? {})
    .filter(([name]) => name !== '$schema')
    .map(([name, child]) => fieldOf(name, child, required.has(name), translated));
}

/**
 * The first field of every content file: its `"$schema"` line, kept first and unchanged (a form CMS
 * writes fields in the order of the config), which editors' IDEs read.
 */
function schemaRefField(file: string, kind: ContentKind, translated: boolean): Field {
  return { name: '$schema', widget: 'hidden', default: schemaRefFor(file, kind), ...(translated ? { i18n: 'duplicate' } : {}) };
}

function pageFile(area: string, label: string): Field {
  const kind = CONTENT_KINDS.find((k) => k.area === area);
  if (!kind) throw new Error(`No content kind for ${area}`);
  const file = `content/${area}/${DEFAULT_LOCALE}.json`;
  return {
    name: area,
    label,
    file: `content/${area}/{{locale}}.json`,
    format: 'json',
    i18n: true,
    fields: [schemaRefField(file, kind, true), ...fieldsOf(jsonSchemaOf(kind) as SchemaNode, true)],
  };
}

function factsFile(name: string, label: string): Field {
  const kind = CONTENT_KINDS.find((k) => k.name === name);
  if (!kind || kind.files.length !== 1) throw new Error(`No single-file content kind ${name}`);
  const file = kind.files[0]!;
  return { name, label, file, format: 'json', fields: [schemaRefField(file, kind, false), ...fieldsOf(jsonSchemaOf(kind) as SchemaNode, false)] };
}

/** Interface texts: fields from the Korean file's keys (editors change the words; developers the keys). */
function dictionaryFields(dictionary: Dictionary): Field[] {
  return Object.entries(dictionary).map(([key, value]) =>
    typeof value === 'string'
      ? { name: key, label: key, widget: value.length > 80 || value.includes('\n') ? 'text' : 'string', i18n: true }
      : { name: key, label: key, widget: 'object', i18n: true, collapsed: true, fields: dictionaryFields(value) },
  );
}

function dictionaryFiles(root: string): Field[] {
  const folder = path.join(root, 'content/i18n', DEFAULT_LOCALE);
  return readdirSync(folder)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => {
      const namespace = file.replace(/\.json$/, '');
      const dictionary = JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as Dictionary;
      return { name: `i18n-${namespace}`, label: namespace, file: `content/i18n/{{locale}}/${file}`, format: 'json', i18n: true, fields: dictionaryFields(dictionary) };
    });
}

/**
 * The whole configuration. `backend.repo` is added when the page starts (src/cms/main.ts), from what the build
 * was told (build/cms-app.ts: CMS_GITHUB_REPO, Netlify's repository or the checkout's GitHub remote).
 */
export function cmsConfig(root: string): Record<string, unknown> {
  for (const kind of CONTENT_KINDS) {
    const listed = kind.area ? PAGES.some((p) => p.area === kind.area) : FACTS.some((f) => f.name === kind.name);
    if (!listed) throw new Error(`Content kind ${kind.name} has no place in the CMS: add it to src/cms/config.ts`);
  }
  return {
    backend: { name: 'github', branch: 'main' },
    // Every save is a commit on main and a Netlify deploy; see decision 019 for why not drafts as pull requests.
    publish_mode: 'simple',
    media_folder: 'src/assets/illustrations',
    public_folder: '',
    output: { omit_empty_optional_fields: true, json: { indent_style: 'space', indent_size: 2 } },
    i18n: { structure: 'multiple_files', locales: [...LOCALES], default_locale: DEFAULT_LOCALE },
    collections: [
      { name: 'pages', label: '페이지', label_singular: '페이지', icon: 'article', i18n: true, files: PAGES.map((p) => pageFile(p.area, p.label)) },
      { name: 'facts', label: '건물 정보와 수치', label_singular: '정보', icon: 'apartment', files: FACTS.map((f) => factsFile(f.name, f.label)) },
      { name: 'interface', label: '화면 문구', label_singular: '문구', icon: 'translate', i18n: true, files: dictionaryFiles(root) },
    ],
  };
}

/** The file text of the configuration. */
export function cmsConfigText(root: string): string {
  return `${JSON.stringify(cmsConfig(root), null, 2)}\n`;
}
