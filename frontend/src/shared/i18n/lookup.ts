/**
 * A namespace's lookup outside React, in the active language: for unit tests of the pure modules
 * that take a lookup (a component passes its hook's). Components use the hook, which also loads
 * the catalog and re-renders on a language switch.
 */
import { i18n } from '@lingui/core';
import type { MessageValues, TextHook, TextLookup } from './text';

export const lookupOf = <Key extends string>(hook: TextHook<Key>): TextLookup<Key> =>
  (key: Key, values?: MessageValues) => i18n._(hook.id(key), values);
