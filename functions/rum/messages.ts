/** The API's own texts for field measurements (Kiswahili in functions/shared/i18n/sw.json, as every API text). */
export const rumMessages = {
  tooLarge: 'The measurement is too large',
} as const;
