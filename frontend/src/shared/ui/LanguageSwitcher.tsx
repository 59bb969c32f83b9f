/**
 * English / Kiswahili, in the header and on /auth: two small buttons ("EN", "SW", each marked with
 * its language and titled with its own name) that fit beside the brand on a phone. The choice is kept on this device; signed in, also in the profile
 * (features/auth/language.tsx listens for it).
 */
import { useState } from 'react';
import { chooseLanguage, LANGUAGE_NAMES, LANGUAGES, type Language } from '../i18n/language';
import { useActiveLanguage } from '../i18n/text';
import { useUiText } from './text';

export function LanguageSwitcher() {
  const t = useUiText();
  const active = useActiveLanguage();
  const [switching, setSwitching] = useState<Language | null>(null);

  const change = (language: Language) => {
    if (language === active || switching) return;
    setSwitching(language);
    chooseLanguage(language).finally(() => setSwitching(null));
  };

  return (
    <div className="language-switcher" role="group" aria-label={t('language.label')}>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          // Named by what it shows (WCAG 2.5.3); the language's own name on hover.
          title={LANGUAGE_NAMES[language]}
          aria-pressed={active === language}
          aria-busy={switching === language || undefined}
          onClick={() => change(language)}
        >
          {language.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
