import * as v from 'valibot';
import { isCalendarDay } from '../inquiry-rules.ts';
import { objectMessages } from '../object-messages.ts';
import { DIRECTORY_STATES } from './directory.ts';

const msg = (key: string) => `leases.errors.${key}`;

/** The body of PATCH /api/brands/{id} (issue 40): at least one of the two. Kept apart from directory.ts, which public pages load. */
export const BrandDirectoryPatchSchema = v.pipe(
  v.strictObject(
    {
      directoryState: v.optional(v.picklist(DIRECTORY_STATES, msg('directoryStateInvalid'))),
      openingOn: v.optional(v.nullable(v.pipe(v.string(msg('dateInvalid')), v.check(isCalendarDay, msg('dateInvalid'))))),
    },
    objectMessages({}, msg('changesRequired'), msg('unknownField')),
  ),
  v.check((patch) => patch.directoryState !== undefined || patch.openingOn !== undefined, msg('changesRequired')),
);
