/** Whose history a lesson belongs to: the child's learner id, or the adult student's own id. */
export const historyOwnerOf = (lesson: { studentId: string; learner?: { id: string } | undefined }) => lesson.learner?.id ?? lesson.studentId;
