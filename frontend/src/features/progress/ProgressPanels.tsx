/**
 * The student dashboard's progress (spec §2, issue 11 item 5): Average Score, Streak and Hours
 * Studied, and Recent Scores (the last 5 games, 80 % and above highlighted), all from the server;
 * before the first game they say so instead of showing a figure.
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { GAME_MODE_LABELS, HIGH_SCORE_PERCENT } from '@functions/progress/catalog';
import type { ProgressSummary, SavedGame } from '@functions/progress/contract';
import { paths } from '../../shared/paths';
import { viewerTimeZone } from '../../shared/slots';
import { buttonClass } from '../../shared/ui/Button';
import { CardSection } from '../../shared/ui/CardSection';
import { InlineLoading, QueryState } from '../../shared/ui/QueryState';
import { plural, studyTimeText } from './format';
import { myProgressQuery } from './progress-api';
import './progress.css';

function figures(p: ProgressSummary) {
  return [
    {
      label: 'Average Score',
      value: p.averagePercent === null ? 'No games yet' : `${p.averagePercent}%`,
      empty: p.averagePercent === null,
      hint: p.averagePercent === null ? 'Play a quiz game to see it' : `over ${plural(p.gamesPlayed, 'game', 'games')}`,
    },
    {
      label: 'Streak',
      value: plural(p.streakDays, 'day', 'days'),
      empty: false,
      hint: p.streakDays === 0 ? 'Practise today to start one' : 'with practice or a lesson',
    },
    {
      label: 'Hours Studied',
      value: studyTimeText(p.minutesStudied),
      empty: false,
      hint: p.lessonsCompleted > 0 ? `games and ${plural(p.lessonsCompleted, 'lesson', 'lessons')}` : 'games and lessons',
    },
  ];
}

export function StudyStats() {
  const query = useQuery(myProgressQuery());
  return (
    <section className="progress-stats-section" aria-label="Your study figures">
      <QueryState
        query={query}
        loading={<InlineLoading label="Loading your figures…" />}
        error={{ title: 'Could not load your study figures.', look: 'block', className: 'card progress-status' }}
      >
        {(progress) => (
          <dl className="progress-stats">
            {figures(progress).map((figure) => (
              <div key={figure.label} className="card progress-stat">
                <dt>{figure.label}</dt>
                <dd className={figure.empty ? 'progress-stat-value progress-stat-empty' : 'progress-stat-value'}>{figure.value}</dd>
                <dd className="progress-stat-hint muted">{figure.hint}</dd>
              </div>
            ))}
          </dl>
        )}
      </QueryState>
    </section>
  );
}

export function RecentScores() {
  const query = useQuery(myProgressQuery());
  const zone = useMemo(viewerTimeZone, []);
  const day = useMemo(() => new Intl.DateTimeFormat('en-GB', { timeZone: zone, day: 'numeric', month: 'short' }), [zone]);
  return (
    <CardSection id="recent-scores-title" title="Recent Scores" link={{ to: paths.aiLearning, label: 'Play a game' }}>
      <QueryState
        query={query}
        loading={<InlineLoading label="Loading your scores…" />}
        error={{ title: 'Could not load your scores.', look: 'block', className: 'progress-status' }}
        empty={{
          when: (p) => p.recentGames.length === 0,
          show: (
            <div>
              <p>
                <strong>No games yet</strong>
              </p>
              <p className="muted">Play a quiz game and your scores show here.</p>
              <Link to={paths.aiLearning} className={buttonClass('primary', 'sm')}>
                Start a game
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
  const high = game.percent >= HIGH_SCORE_PERCENT;
  return (
    <li className={`recent-score${high ? ' recent-score-high' : ''}`}>
      <div className="recent-score-what">
        <strong>{game.subject}</strong>
        <span className="muted">
          {GAME_MODE_LABELS[game.mode]} · {game.correctCount}/{game.questionCount} correct · {game.score} points · {when}
        </span>
      </div>
      <span className="recent-score-percent">
        {game.percent}%{high && <span className="visually-hidden"> (80% or more)</span>}
      </span>
    </li>
  );
}
