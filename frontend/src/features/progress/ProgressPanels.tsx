/**
 * The student dashboard's progress: Average Score, Streak and Hours
 * Studied, and Recent Scores (the last 5 games, 80 % and above highlighted), all from the server;
 * before the first game they say so instead of showing a figure.
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { HIGH_SCORE_PERCENT } from '@functions/progress/catalog';
import type { ProgressSummary, SavedGame } from '@functions/progress/contract';
import { paths } from '../../shared/paths';
import { viewerTimeZone } from '../../shared/slots';
import { buttonClass } from '../../shared/ui/Button';
import { CardSection } from '../../shared/ui/CardSection';
import { InlineLoading, QueryState } from '../../shared/ui/QueryState';
import { dateFormat } from '../../shared/when';
import { useSubjectName } from '../tutors';
import { useLearnerScope } from '../households';
import { studyTimeText } from './format';
import { myProgressQuery } from './progress-api';
import { useProgressText, type ProgressText } from './text';
import './progress.css';

function figures(p: ProgressSummary, t: ProgressText) {
  return [
    {
      label: t('stats.average'),
      value: p.averagePercent === null ? t('stats.noGames') : t('stats.percent', { percent: p.averagePercent }),
      empty: p.averagePercent === null,
      hint: p.averagePercent === null ? t('stats.averageEmpty') : t('stats.averageOver', { count: p.gamesPlayed }),
    },
    {
      label: t('stats.streak'),
      value: t('stats.days', { count: p.streakDays }),
      empty: false,
      hint: t(p.streakDays === 0 ? 'stats.streakEmpty' : 'stats.streakHint'),
    },
    {
      label: t('stats.hours'),
      value: studyTimeText(p.minutesStudied, t),
      empty: false,
      hint: p.lessonsCompleted > 0 ? t('stats.hoursWithLessons', { count: p.lessonsCompleted }) : t('stats.hoursHint'),
    },
  ];
}

export function StudyStats() {
  const t = useProgressText();
  const scope = useLearnerScope();
  const query = useQuery({ ...myProgressQuery(scope.learnerId), enabled: scope.ready });
  return (
    <section className="progress-stats-section" aria-label={t('stats.region')}>
      <QueryState
        query={query}
        loading={<InlineLoading label={t('stats.loading')} />}
        error={{ title: t('stats.loadError'), look: 'block', className: 'card progress-status' }}
      >
        {(progress) => (
          <dl className="progress-stats">
            {figures(progress, t).map((figure) => (
              <div key={figure.label} className="card progress-stat">
                <dt>{figure.label}</dt>
                <dd className={figure.empty ? 'progress-stat-value progress-stat-empty' : 'progress-stat-value'}>{figure.value}</dd>
                <dd className="progress-stat-hint muted">{figure.hint}</dd>
              </div>
            ))}
          </dl>
        )}
      </QueryState>
      <Link to={paths.progressSubjects(scope.learnerId)} className="progress-subjects-link">{t('subjects.open')}</Link>
    </section>
  );
}

export function RecentScores() {
  const t = useProgressText();
  const scope = useLearnerScope();
  const query = useQuery({ ...myProgressQuery(scope.learnerId), enabled: scope.ready });
  const zone = useMemo(viewerTimeZone, []);
  // Made on each render (cheap), so a language switch changes the dates too.
  const day = dateFormat({ timeZone: zone, day: 'numeric', month: 'short' });
  return (
    <CardSection id="recent-scores-title" title={t('scores.title')} link={{ to: paths.aiLearning, label: t('scores.play') }}>
      <QueryState
        query={query}
        loading={<InlineLoading label={t('scores.loading')} />}
        error={{ title: t('scores.loadError'), look: 'block', className: 'progress-status' }}
        empty={{
          when: (p) => p.recentGames.length === 0,
          show: (
            <div>
              <p>
                <strong>{t('scores.empty')}</strong>
              </p>
              <p className="muted">{t('scores.emptyText')}</p>
              <Link to={paths.aiLearning} className={buttonClass('primary', 'sm')}>
                {t('scores.start')}
              </Link>
            </div>
          ),
        }}
      >
        {(progress) => (
          <ul role="list" className="recent-scores" aria-labelledby="recent-scores-title">
            {progress.recentGames.map((game) => (
              <ScoreRow key={game.gameId} game={game} when={day.format(new Date(game.finishedAt))} />
            ))}
          </ul>
        )}
      </QueryState>
    </CardSection>
  );
}

function ScoreRow({ game, when }: { game: SavedGame; when: string }) {
  const t = useProgressText();
  const subjectName = useSubjectName();
  const high = game.percent >= HIGH_SCORE_PERCENT;
  return (
    <li className={`recent-score${high ? ' recent-score-high' : ''}`}>
      <div className="recent-score-what">
        <strong>{subjectName(game.subject)}</strong>
        <span className="muted">
          {t('scores.line', { mode: t(`mode.${game.mode}`), correct: game.correctCount, total: game.questionCount, score: game.score, when })}
        </span>
      </div>
      <span className="recent-score-percent">
        {t('stats.percent', { percent: game.percent })}
        {high && <span className="visually-hidden"> {t('scores.high', { percent: HIGH_SCORE_PERCENT })}</span>}
      </span>
    </li>
  );
}
