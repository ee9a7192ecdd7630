/**
 * Some values of an area's text are entered once for all four languages (ids, image files: fields marked
 * `x-cms.i18n: 'duplicate'` in the schema, which the CMS copies into every language file), and the lists
 * that hold them must have the same items in every language. A hand edit can still break that, so the
 * build compares each language's file with the Korean one and names the field that differs.
 */

interface SchemaNode {
  type?: string;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  'x-cms'?: { i18n?: string };
}

export interface Mismatch {
  path: string;
  message: string;
}

const isDuplicate = (node: SchemaNode | undefined) => node?.['x-cms']?.i18n === 'duplicate';

/** Whether a value of this schema holds anything entered once for all languages. */
function holdsShared(node: SchemaNode | undefined): boolean {
  if (!node) return false;
  if (isDuplicate(node)) return true;
  if (node.properties) return Object.values(node.properties).some(holdsShared);
  return holdsShared(node.items);
}

const show = (value: unknown) => (value === undefined ? 'nothing' : JSON.stringify(value));

/**
 * Where `value` (one language's file) disagrees with `reference` (the Korean file, named `referenceFile`)
 * on what must be the same in every language.
 * @example sharedValueMismatches(jsonSchema, ko, en, 'content/floors/ko.json') // [{ path: 'sections.2.planImage.file', … }]
 */
export function sharedValueMismatches(schema: object, reference: unknown, value: unknown, referenceFile: string): Mismatch[] {
  const found: Mismatch[] = [];
  const walk = (node: SchemaNode | undefined, ref: unknown, val: unknown, path: string[]) => {
    if (!node || !holdsShared(node)) return;
    const at = path.join('.');
    if (isDuplicate(node) && node.type !== 'array' && node.type !== 'object') {
      if (JSON.stringify(ref) !== JSON.stringify(val)) {
        found.push({ path: at, message: `must be the same in every language: ${referenceFile} has ${show(ref)}` });
      }
      return;
    }
    if (node.type === 'array' && Array.isArray(ref)) {
      const list = Array.isArray(val) ? val : [];
      if (list.length !== ref.length) {
        found.push({ path: at, message: `must list the same ${ref.length} items as ${referenceFile}, in the same order (it lists ${list.length})` });
        return;
      }
      ref.forEach((item, i) => walk(node.items, item, list[i], [...path, String(i)]));
      return;
    }
    if (node.properties) {
      const refObject = (ref ?? {}) as Record<string, unknown>;
      const valObject = (val ?? {}) as Record<string, unknown>;
      for (const [key, child] of Object.entries(node.properties)) walk(child, refObject[key], valObject[key], [...path, key]);
    }
  };
  walk(schema as SchemaNode, reference, value, []);
  return found;
}
