// The panel's day words live in src/shared (the activity log's CSV writes them on the server too).
export { dayText, lastSeoulDay } from '~/shared/day-text';
