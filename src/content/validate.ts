import * as v from 'valibot';

/** A content file that does not match its schema. The message names the file and every bad field. */
export class ContentError extends Error {
  readonly file: string;
  readonly issues: { path: string; message: string }[];

  constructor(file: string, issues: { path: string; message: string }[]) {
    super(`${file}: ${issues.map((i) => `${i.path || '(root)'}: ${i.message}`).join('; ')}`);
    this.name = 'ContentError';
    this.file = file;
    this.issues = issues;
  }
}

/**
 * Validates editor-written data against its schema, so a missing or mistyped field fails the build
 * with the file and field named instead of rendering a broken page.
 * @example parseContent('content/floors/ko.json', FloorsSchema, json)
 */
export function parseContent<TSchema extends v.GenericSchema>(
  file: string,
  schema: TSchema,
  data: unknown,
): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, data);
  if (result.success) return result.output;
  throw new ContentError(
    file,
    result.issues.map((issue) => ({
      path: v.getDotPath(issue) ?? '',
      message: issue.message,
    })),
  );
}
