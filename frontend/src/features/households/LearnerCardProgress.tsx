/**
 * Where a child's progress (recent scores, streak, courses, certificates) goes on their parent
 * dashboard card. Renders nothing until the learner progress summary is wired in here.
 */
export function LearnerCardProgress(_props: { learnerId: string }) {
  return null;
}
