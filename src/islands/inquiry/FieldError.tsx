/** A field's message under it; the field points here with aria-describedby={fieldErrorId(id)}. */
export default function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={fieldErrorId(id)} className="mt-1 text-sm font-medium text-danger" data-testid={`error-${id}`}>
      {message}
    </p>
  );
}

export const fieldErrorId = (id: string) => `${id}-error`;
