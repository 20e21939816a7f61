import { errorIdOf } from './fieldProps';

/**
 * A field's message under it. Its controls name its id in aria-describedby only while it
 * is shown; shown whatever the validity classes of the controls around it (d-block).
 */
export function FieldFeedback({ id, error }: { id: string; error: string | null }) {
  if (!error) return null;
  return (
    <div id={errorIdOf(id)} className="invalid-feedback d-block">
      {error}
    </div>
  );
}
