/**
 * /ai-learning: the six subjects with their descriptions and the feature cards;
 * choosing a subject opens a game (QuizGame) with a way back; `?subject=` opens one directly. An
 * optional focus topic goes to the model with the quiz request.
 */
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { QUIZ_LIMITS, QUIZ_SUBJECTS, type QuizSubjectName } from '@functions/ai/catalog';
import { DashboardShell } from '../../shared/ui/DashboardShell';
import { TextField } from '../../shared/ui/fields';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { useLearningText } from './learning-text';
import { QuizGame } from './QuizGame';
import { useAiText } from './text';
import './ai.css';

/** `?subject=Physics` (the dashboard's subject grid) opens that subject's game; anything else the picker. */
const subjectFrom = (params: URLSearchParams): QuizSubjectName | null =>
  QUIZ_SUBJECTS.find((name) => name === params.get('subject')) ?? null;

/** The feature cards, by their catalog keys. */
const FEATURES = ['assistant', 'games', 'quiz', 'speed', 'adaptive'] as const;

export function AiLearningPage() {
  // The chosen subject lives in the address, so the browser's Back returns to the picker.
  const [params, setParams] = useSearchParams();
  const subject = subjectFrom(params);
  const setSubject = (name: QuizSubjectName | null) => setParams(name ? { subject: name } : {});
  const [topic, setTopic] = useState('');
  /** The subject just left, so focus returns to its button. */
  const [cameFrom, setCameFrom] = useState<QuizSubjectName | null>(null);
  const t = useLearningText();
  const ai = useAiText();
  useDocumentTitle(subject ? ai('game.title', { subject: ai(`subject.${subject}`) }) : t('title'));

  return (
    <DashboardShell>
      {subject ? (
        <QuizGame
          key={subject}
          subject={subject}
          topic={topic.trim() || undefined}
          onBack={() => {
            setCameFrom(subject);
            setSubject(null);
          }}
        />
      ) : (
        <SubjectPicker topic={topic} onTopic={setTopic} focus={cameFrom} onChoose={setSubject} />
      )}
    </DashboardShell>
  );
}

function SubjectPicker({ topic, onTopic, focus, onChoose }: {
  topic: string;
  onTopic: (topic: string) => void;
  focus: QuizSubjectName | null;
  onChoose: (subject: QuizSubjectName) => void;
}) {
  const back = useRef<HTMLButtonElement>(null);
  useEffect(() => back.current?.focus(), []);
  const t = useLearningText();
  const ai = useAiText();

  return (
    <>
      <div className="dashboard-title ai-title">
        <h1>{t('title')}</h1>
        <p className="muted">{t('intro')}</p>
      </div>
      <section className="card ai-section" aria-labelledby="ai-subjects-title">
        <h2 id="ai-subjects-title">{t('choose')}</h2>
        <TextField
          id="ai-topic"
          label={t('topic.label')}
          hint={t('topic.hint')}
          value={topic}
          maxLength={QUIZ_LIMITS.topic}
          autoComplete="off"
          onChange={(event) => onTopic(event.target.value)}
        />
        <ul className="ai-subjects">
          {QUIZ_SUBJECTS.map((name) => (
            <li key={name}>
              <button type="button" className="ai-subject" ref={name === focus ? back : undefined} onClick={() => onChoose(name)}>
                <strong>{ai(`subject.${name}`)}</strong>
                <span>{t(`about.${name}`)}</span>
              </button>
            </li>
          ))}
        </ul>
      </section>
      <section className="ai-section" aria-labelledby="ai-features-title">
        <h2 id="ai-features-title">{t('features.title')}</h2>
        <ul className="ai-features">
          {FEATURES.map((feature) => (
            <li key={feature} className="card">
              <strong>{t(`feature.${feature}.title`)}</strong>
              <span className="muted">{t(`feature.${feature}.text`)}</span>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
