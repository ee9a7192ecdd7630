/**
 * A LIKE/ILIKE pattern matching `text` anywhere, with its own `%`, `_` and `\` taken literally
 * (backslash is Postgres' default LIKE escape).
 * @example likeContains('50%_off') // '%50\%\_off%'
 */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
