/**
 * What search engines and share cards read from a page's HTML, without a browser: the title, the
 * `<meta>` tags by name or property, and the JSON-LD blocks (as their raw text). Astro writes
 * attributes in double quotes, which is all this needs to read.
 */
export interface HtmlHead {
  title: string;
  meta: Map<string, string>;
  jsonLd: string[];
}

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', '#39': "'", lt: '<', gt: '>' };

function decode(text: string): string {
  return text.replace(/&(amp|quot|#39|lt|gt|#x[0-9a-f]+|#[0-9]+);/gi, (_, name: string) => {
    if (ENTITIES[name]) return ENTITIES[name];
    return String.fromCodePoint(name.startsWith('#x') ? parseInt(name.slice(2), 16) : Number(name.slice(1)));
  });
}

function attributes(tag: string): Record<string, string> {
  return Object.fromEntries([...tag.matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, name, value]) => [name!, decode(value!)]));
}

export function readHead(html: string): HtmlHead {
  const head = html.slice(0, html.indexOf('</head>'));
  const meta = new Map<string, string>();
  for (const [tag] of head.matchAll(/<meta\s[^>]*>/g)) {
    const { name, property, content } = attributes(tag);
    if ((name ?? property) && content !== undefined) meta.set((name ?? property)!, content);
  }
  return {
    title: decode(/<title>([^<]*)<\/title>/.exec(head)?.[1] ?? ''),
    meta,
    jsonLd: [...html.matchAll(/<script[^>]*type="application\/ld\+json"[^>]*>([^<]*)<\/script>/g)].map((m) => m[1]!),
  };
}
