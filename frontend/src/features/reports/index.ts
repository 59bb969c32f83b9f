/** What other features may use of lesson reports: the report line and the family's report on booking cards, the tutor's share on time, their query keys. */
export { ReportCardLink, LessonReportOnCard, WriteReportAfterLesson } from './components';
export { ReportShareLine } from './ReportShare';
export { LearnerLessonsOnCard } from './Homework';
export { reportKeys } from './keys';
