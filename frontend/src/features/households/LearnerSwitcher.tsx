/**
 * The header's child picker for parents: which child the pages book, play and learn for. Shows
 * nothing until the parent has a child (My children is in the header's links for adding one).
 */
import { useActiveLearner } from './active-learner';
import { useHouseholdsText } from './text';
import './households.css';

export function LearnerSwitcher() {
  const t = useHouseholdsText();
  const { learners, active, choose } = useActiveLearner();
  if (!active) return null;
  return (
    <label className="learner-switcher">
      <span className="visually-hidden">{t('switcher.label')}</span>
      <select value={active.id} onChange={(event) => choose(event.target.value)}>
        {learners.map((learner) => (
          <option key={learner.id} value={learner.id}>
            {t('switcher.option', { name: learner.firstName })}
          </option>
        ))}
      </select>
    </label>
  );
}

export default LearnerSwitcher;
