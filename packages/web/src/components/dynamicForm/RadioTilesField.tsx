import { FieldFeedback } from './FieldFeedback';
import { describedBy, errorIdOf, onGroupBlur, type FieldProps } from './fieldProps';

/**
 * radio2: the same choice as radio, shown as large selectable tiles (cards), easier to hit
 * on a phone and with room for longer choices. Each tile is the label of a visible radio,
 * so the whole tile is the target, and the arrow keys move between choices as in any
 * radio group.
 */
export function RadioTilesField({
  definition,
  id,
  value,
  error,
  valid,
  onChange,
  onTouch,
}: FieldProps<string>) {
  const choices = definition.choices ?? [];
  const errorId = error ? errorIdOf(id) : null;
  const optionId = (index: number) => (index === 0 ? id : `${id}-${index}`);
  return (
    <fieldset
      className="mb-3"
      aria-describedby={describedBy(errorId)}
      onBlur={onGroupBlur(onTouch)}
    >
      <legend className="form-label fs-6 mb-2">{definition.title}</legend>
      <div className="row row-cols-1 row-cols-sm-2 row-cols-lg-3 g-2">
        {choices.map((choice, index) => {
          const checked = value === choice;
          return (
            <div className="col" key={choice}>
              <label
                htmlFor={optionId(index)}
                className={[
                  'choice-tile card h-100',
                  checked ? 'choice-tile-checked' : '',
                  error ? 'border-danger' : valid && checked ? 'border-success' : '',
                ]
                  .filter(Boolean)
                  .join(' ')}
              >
                <span className="card-body d-flex align-items-center gap-3">
                  <input
                    type="radio"
                    className="form-check-input mt-0 flex-shrink-0"
                    id={optionId(index)}
                    name={definition.name}
                    value={choice}
                    checked={checked}
                    onChange={() => onChange(choice)}
                    aria-invalid={error ? true : undefined}
                  />
                  <span>{choice}</span>
                </span>
              </label>
            </div>
          );
        })}
      </div>
      <FieldFeedback id={id} error={error} />
    </fieldset>
  );
}
