/**
 * The signed-in user's language lives in their profile: it follows them to every
 * device, and the e-mails use it. Signed in, the profile's choice wins over the device's, except
 * a choice made on this device while signed out (on the sign-in page): that one is newer, so it
 * wins and is saved. A choice made in the switcher is saved to the profile.
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../shared/api';
import { activeLanguage, choiceSaved, onLanguageChosen, switchLanguage, unsavedChoice, type Language } from '../../shared/i18n/language';
import { authKeys } from './keys';
import { useSession } from './session';
import { useMe } from './useMe';

export function ProfileLanguage() {
  const { session } = useSession();
  const { profile } = useMe();
  const queryClient = useQueryClient();
  const userId = session.status === 'signed-in' ? session.userId : null;
  const saved = profile?.language;

  const hasProfile = profile !== undefined;

  useEffect(() => {
    if (!userId) return;
    const save = (language: Language) => {
      callApi('updateMyProfile', { body: { language } })
        .then(({ profile: updated }) => {
          choiceSaved();
          queryClient.setQueryData(authKeys.me(userId), (me) => (me ? { ...me, profile: updated } : me));
        })
        // Kept on this device all the same; the next choice or sign-in tries again.
        .catch(() => undefined);
    };
    if (hasProfile) {
      // A choice made here before signing in wins; else the profile's language; a profile
      // without one takes the language this device shows.
      const chosen = unsavedChoice();
      if (chosen) {
        if (chosen !== activeLanguage()) void switchLanguage(chosen);
        if (chosen !== saved) save(chosen);
        else choiceSaved();
      } else if (saved && saved !== activeLanguage()) void switchLanguage(saved);
      else if (!saved && activeLanguage() !== 'en') save(activeLanguage());
    }
    return onLanguageChosen(save);
  }, [userId, hasProfile, saved, queryClient]);

  return null;
}
