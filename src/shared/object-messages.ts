import * as v from 'valibot';

/**
 * The message of a strict object's own issues, which valibot raises for a missing key and for an unknown
 * one: a missing field speaks its own "required" message, an unknown field `unknownField`, so the API
 * never answers with valibot's English text instead of a dictionary key.
 * @example v.strictObject(entries, objectMessages({ name: 'x.nameRequired' }, 'x.required', 'x.unknownField'))
 */
export function objectMessages(
  requiredByField: Record<string, string>,
  required: string,
  unknownField: string,
): (issue: v.BaseIssue<unknown>) => string {
  return (issue) => {
    if (issue.expected === 'never') return unknownField;
    const field = issue.path?.at(-1)?.key;
    return (typeof field === 'string' && requiredByField[field]) || required;
  };
}
