/**
 * AI learning calls by route name (types only from the contracts). A generated quiz is played
 * once and never read back, so it is a mutation with nothing to cache or invalidate.
 */
import { useMutation } from '@tanstack/react-query';
import type { QuizRequest } from '@functions/ai/contract';
import { callApi } from '../../shared/api';
import { activeLanguage } from '../../shared/i18n/language';
import { useActiveLearner } from '../households';

/**
 * POST /api/ai/quiz: always a full quiz (the banks stand in for the model), or a failed request.
 * The model writes in the language the student reads (the banks are English), and for a parent
 * at the grade of the child they act for (the server checks the child is theirs).
 */
export function useGenerateQuiz() {
  const { learnerId } = useActiveLearner();
  return useMutation({
    mutationFn: (request: Omit<QuizRequest, 'language' | 'learnerId'>) =>
      callApi('generateQuiz', { body: { ...request, language: activeLanguage(), ...(learnerId ? { learnerId } : {}) } }),
  });
}
