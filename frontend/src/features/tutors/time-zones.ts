/** Time zone choices: African zones first (the product's market), then the rest of the world. */
import { zoneName } from '../../shared/format';

const FALLBACK = [
  'Africa/Nairobi', 'Africa/Kampala', 'Africa/Dar_es_Salaam', 'Africa/Kigali', 'Africa/Addis_Ababa',
  'Africa/Lagos', 'Africa/Accra', 'Africa/Johannesburg', 'Africa/Lusaka', 'Africa/Cairo', 'Africa/Casablanca',
  'Europe/London', 'Europe/Paris', 'Asia/Dubai', 'Asia/Kolkata', 'America/New_York', 'UTC',
];

export interface TimeZoneGroups {
  africa: string[];
  other: string[];
}

/** Groups the browser's zones; `current` is always offered, even when the browser doesn't list it. */
export function timeZoneGroups(current: string, supported?: readonly string[]): TimeZoneGroups {
  let all: string[];
  try {
    all = [...(supported ?? Intl.supportedValuesOf('timeZone'))];
  } catch {
    all = [...FALLBACK];
  }
  if (!all.includes('UTC')) all.push('UTC');
  if (current && !all.includes(current)) all.push(current);
  const sorted = [...new Set(all)].sort();
  return {
    africa: sorted.filter((zone) => zone.startsWith('Africa/')),
    other: sorted.filter((zone) => !zone.startsWith('Africa/')),
  };
}

/**
 * "Africa/Dar_es_Salaam" → "Africa / Dar es Salaam (EAT)": the picker names the place, and the short
 * name it shows as. `region` names the zone's first part in the reader's language ("Afrika").
 */
export const zoneLabel = (zone: string, region: (name: string) => string = (name) => name): string => {
  const [first = '', ...rest] = zone.split('/');
  return `${[region(first), ...rest].join(' / ').replace(/_/g, ' ')} (${zoneName(zone)})`;
};
