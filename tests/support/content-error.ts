import { parseContent } from '../../src/content/validate.ts';

/** The error message parseContent throws for this data, or '' when it passes. */
export function contentErrorOf(file: string, schema: Parameters<typeof parseContent>[1], value: unknown): string {
  try {
    parseContent(file, schema, value);
    return '';
  } catch (error) {
    return (error as Error).message;
  }
}
