/** The API's own texts for field measurements (nobody reads them but a developer: English only). */
export const rumMessages = {
  tooLarge: 'The measurement is too large',
} as const;
