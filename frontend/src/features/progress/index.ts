/** What other features may use of progress: the dashboard's panels, the game's save, the query keys. */
export { FocusTimer } from './FocusTimer';
export { RecentScores, StudyStats } from './ProgressPanels';
export { SaveGameResult } from './SaveGameResult';
export { progressKeys } from './keys';
