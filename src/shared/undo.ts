/**
 * How long a deleted brand or space can be brought back by the toast's undo, with its id and dates. The
 * toast leaves after 10 s, or stays while it has focus or the pointer: this bounds that, and how long the
 * server keeps what was deleted.
 */
export const UNDO_WINDOW_MS = 10 * 60_000;
