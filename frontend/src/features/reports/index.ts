/** What other features may use of lesson reports: the report line and the family's report on booking cards, their query keys. */
export { ReportCardLink, LessonReportOnCard, WriteReportAfterLesson } from './components';
export { LearnerLessonsOnCard } from './Homework';
export { reportKeys } from './keys';
