/** Field measurement of real visits (Core Web Vitals to POST /api/rum). */
export { startFieldMeasurement } from './field-measurement';
