/**
 * The grades a tutor teaches: one collapsible group per curriculum of the grade catalog (names in
 * the language shown), each grade a checkbox, so on a phone only the curricula the tutor teaches
 * need opening. The value keeps the catalog's order.
 */
import { CURRICULA, CURRICULUM_LABELS, GRADES, gradesOf } from '@functions/households/grades-catalog';
import { useActiveLanguage } from '../../shared/i18n/text';
import { useEditorText } from './editor/text';

export function GradePicker({ value, onChange, error }: { value: readonly string[]; onChange: (grades: string[]) => void; error?: string | undefined }) {
  const t = useEditorText();
  const language = useActiveLanguage();
  const chosen = new Set(value);
  const toggle = (id: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    onChange(GRADES.filter((g) => next.has(g.id)).map((g) => g.id));
  };
  return (
    <fieldset className="form-section grade-picker" aria-describedby={`pf-grades-hint${error ? ' pf-grades-error' : ''}`}>
      <legend>{t('grades')}</legend>
      <p id="pf-grades-hint" className="muted field-hint">{t('grades.hint')}</p>
      {CURRICULA.map((curriculum) => {
        const grades = gradesOf(curriculum);
        const count = grades.filter((g) => chosen.has(g.id)).length;
        return (
          <details key={curriculum} className="grade-group" open={count > 0 || undefined}>
            <summary>
              {CURRICULUM_LABELS[curriculum][language]}
              {count > 0 && <span className="grade-count">{t('grades.selected', { count })}</span>}
            </summary>
            <div className="check-row">
              {grades.map((grade) => (
                <label key={grade.id} className="check">
                  <input type="checkbox" name="grades" value={grade.id} checked={chosen.has(grade.id)} onChange={(event) => toggle(grade.id, event.target.checked)} />
                  {grade.label[language]}
                </label>
              ))}
            </div>
          </details>
        );
      })}
      {error && (
        <p id="pf-grades-error" className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
