// Each record's field names live in src/shared (the activity log's CSV names fields on the server too).
export { fieldName, formLabelKey, type ConflictRecord } from '~/shared/field-labels';
