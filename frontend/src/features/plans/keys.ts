/** Query keys of weekly lesson plans; invalidate `all` after any plan change or instalment payment. */
export const planKeys = {
  all: ['plans'] as const,
  mine: ['plans', 'mine'] as const,
  tutor: ['plans', 'tutor'] as const,
  quote: (input: unknown) => ['plans', 'quote', input] as const,
  ending: (planId: string) => ['plans', 'ending', planId] as const,
  pause: (planId: string, from: string, weeks: number) => ['plans', 'pause', planId, from, weeks] as const,
};
