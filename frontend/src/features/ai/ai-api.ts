/**
 * AI learning calls by route name (types only from the contracts). A generated quiz is played
 * once and never read back, so it is a mutation with nothing to cache or invalidate.
 */
import { useMutation } from '@tanstack/react-query';
import type { QuizRequest } from '@functions/ai/contract';
import { callApi } from '../../shared/api';
import { activeLanguage } from '../../shared/i18n/language';

/**
 * POST /api/ai/quiz: always a full quiz (the banks stand in for the model), or a failed request.
 * The model writes in the language the student reads (the banks are English).
 */
export function useGenerateQuiz() {
  return useMutation({
    mutationFn: (request: Omit<QuizRequest, 'language'>) => callApi('generateQuiz', { body: { ...request, language: activeLanguage() } }),
  });
}
