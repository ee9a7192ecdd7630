import type { Translate } from '~/i18n/translate';
import type { InquiryErrors } from '~/client/inquiry-errors';
import { REQUIRED_FIELDS, type RequiredField, type RequiredValues } from '~/client/inquiry-draft';
import FieldError, { fieldErrorId } from './FieldError';

interface Props {
  values: RequiredValues;
  errors: InquiryErrors;
  onChange: (field: RequiredField, value: string) => void;
  t: Translate;
}

const INPUT_TYPES: Record<RequiredField, string> = { name: 'text', phone: 'tel', email: 'email', message: 'textarea' };
const AUTOCOMPLETE: Record<RequiredField, string> = { name: 'name', phone: 'tel', email: 'email', message: 'off' };

/** Name, phone, e-mail and message: the four fields every inquiry needs (spec §2, §5), each with its message. */
export default function RequiredFields({ values, errors, onChange, t }: Props) {
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      {REQUIRED_FIELDS.map((field) => {
        const props = {
          id: `inquiry-${field}`,
          name: field,
          required: true,
          'aria-required': true,
          autoComplete: AUTOCOMPLETE[field],
          value: values[field],
          placeholder: t(`inquiry.placeholders.${field}`),
          onChange: (e: { target: { value: string } }) => onChange(field, e.target.value),
          'aria-invalid': Boolean(errors[field]) || undefined,
          'aria-describedby': errors[field] ? fieldErrorId(`inquiry-${field}`) : undefined,
          className: 'w-full rounded-md border border-muted bg-paper px-3 py-2 text-base aria-[invalid=true]:border-danger',
        };
        return (
          <div key={field} className={field === 'message' ? 'sm:col-span-2' : undefined}>
            <label htmlFor={props.id} className="mb-1 block text-sm font-semibold text-ink">
              {t(`inquiry.fields.${field}`)} <span aria-hidden="true" className="text-danger">*</span>
            </label>
            {field === 'message' ? <textarea rows={6} {...props} /> : <input type={INPUT_TYPES[field]} {...props} />}
            <FieldError id={props.id} message={errors[field] && t(errors[field])} />
          </div>
        );
      })}
    </div>
  );
}
