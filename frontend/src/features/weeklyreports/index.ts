/** What other features may use of weekly reports: none yet (the page is a route of its own). */
export { useWeeklyReportsText } from './text';
