/** The id of the JSON block that lists a page's script files for the after-paint loader (build/scripts-after-paint.ts). */
export const AFTER_PAINT_LIST_ID = 'after-paint-scripts';
