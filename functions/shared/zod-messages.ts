/**
 * zod's own messages in Kiswahili: the texts zod writes when a schema names none ("Too
 * small: expected string to have >=1 characters"), which reach people in a 400's field messages.
 * zod ships no Swahili locale, so this is one, by issue code. httpRoute passes it to each parse of
 * a Kiswahili request; zod uses it only where the schema has no message of its own, so the
 * contracts' texts still come from the catalog (functions/shared/i18n/sw.json).
 */
import type { z } from 'zod';
import type { Language } from '../../events/shared/language.js';

type Issue = z.core.$ZodRawIssue;

/** Types as a reader names them, for "expected …, received …". */
const TYPE_NAMES: Record<string, string> = {
  string: 'maandishi', number: 'namba', int: 'namba kamili', boolean: 'ndiyo au hapana', bigint: 'namba',
  date: 'tarehe', array: 'orodha', object: 'kitu', tuple: 'orodha', record: 'kitu', map: 'kitu', set: 'orodha',
  file: 'faili', null: 'tupu (null)', undefined: 'hakuna kitu', nan: 'NaN',
};
/** What the sizes of a sized origin count. */
const UNITS: Record<string, string> = { string: 'herufi', file: 'baiti', array: 'vipengele', set: 'vipengele', map: 'vipengele' };
/** String formats, named as in "… si sahihi". */
const FORMATS: Record<string, string> = {
  email: 'Anwani ya barua pepe', url: 'Anwani ya wavuti (URL)', uuid: 'Kitambulisho', guid: 'Kitambulisho',
  datetime: 'Tarehe na saa', date: 'Tarehe', time: 'Saa', duration: 'Muda', e164: 'Namba ya simu',
  base64: 'Maandishi ya base64', base64url: 'Maandishi ya base64url', jwt: 'Tokeni', regex: 'Muundo wa maandishi',
};

const typeName = (type: unknown): string => (typeof type === 'string' ? TYPE_NAMES[type] ?? type : 'thamani');
const receivedType = (input: unknown): string =>
  input === null ? 'null' : Array.isArray(input) ? 'array' : typeof input === 'number' && Number.isNaN(input) ? 'nan' : typeof input;
const listed = (values: readonly unknown[], separator: string) =>
  values.map((v) => (typeof v === 'string' ? `"${v}"` : String(v))).join(separator);

/** A size limit: "herufi 1 au zaidi", "chini ya 5". */
function bound(issue: { origin?: string; exact?: boolean; inclusive?: boolean }, limit: string, more: boolean): string {
  const unit = issue.origin ? UNITS[issue.origin] : undefined;
  const amount = unit ? `${unit} ${limit}` : limit;
  if (issue.exact) return `${amount} kamili`;
  if (more) return issue.inclusive ? `${amount} au zaidi` : `zaidi ya ${amount}`;
  return issue.inclusive ? `${amount} au chini` : `chini ya ${amount}`;
}

export function zodIssueInSwahili(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return `Inahitajika: weka ${typeName(issue.expected)}`;
      return `Ingizo si sahihi: ilitarajiwa ${typeName(issue.expected)}, imepokelewa ${typeName(receivedType(issue.input))}`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `Ingizo si sahihi: ilitarajiwa ${listed(issue.values, '')}`
        : `Chaguo si sahihi: chagua mojawapo ya ${listed(issue.values, ', ')}`;
    case 'too_big':
      return `Ni kubwa mno: inapaswa kuwa ${bound(issue, issue.maximum.toString(), false)}`;
    case 'too_small':
      if (issue.origin === 'string' && issue.minimum.toString() === '1' && issue.inclusive !== false) return 'Haipaswi kuwa tupu';
      return `Ni ndogo mno: inapaswa kuwa ${bound(issue, issue.minimum.toString(), true)}`;
    case 'invalid_format':
      if (issue.format === 'starts_with' && 'prefix' in issue) return `Maandishi si sahihi: lazima yaanze na "${String(issue.prefix)}"`;
      if (issue.format === 'ends_with' && 'suffix' in issue) return `Maandishi si sahihi: lazima yaishe na "${String(issue.suffix)}"`;
      if (issue.format === 'includes' && 'includes' in issue) return `Maandishi si sahihi: lazima yawe na "${String(issue.includes)}"`;
      return `${FORMATS[issue.format] ?? 'Muundo'} si sahihi`;
    case 'not_multiple_of':
      return `Namba si sahihi: lazima igawanyike kwa ${String(issue.divisor)}`;
    case 'unrecognized_keys':
      return `${issue.keys.length > 1 ? 'Sehemu zisizojulikana' : 'Sehemu isiyojulikana'}: ${issue.keys.join(', ')}`;
    case 'invalid_key':
    case 'invalid_element':
      return 'Thamani si sahihi ndani ya orodha';
    default:
      return 'Ingizo si sahihi';
  }
}

/** The parse option that puts zod's own messages in `language` (none for English: zod's are English). */
export function zodMessagesIn(language: Language): { error: (issue: Issue) => string } | undefined {
  return language === 'sw' ? { error: zodIssueInSwahili } : undefined;
}
