/**
 * Share a public page (a tutor's profile, a course): the phone's own share sheet (Web Share API)
 * where the browser has one; elsewhere a WhatsApp link, which is how most families here pass a
 * link on, and Copy link. Shares the page's canonical address, not the address bar.
 */
import { siteOrigin } from '../../shared/site-origin';
import { useState } from 'react';
import { Button, buttonClass } from '../../shared/ui/Button';
import { useShareText } from './text';
import { canonicalUrl, whatsappLink } from './share-links';
import './share.css';

export interface ShareButtonProps {
  /** The app path of the page (paths.tutorProfile(id), paths.course(id)). */
  path: string;
  /** The shared title (the tutor's name, the course's title). */
  title: string;
  /** The message that goes with the link. */
  text: string;
  /** The accessible name of the share control, naming what is shared. */
  label: string;
}

const hasWebShare = () => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

export function ShareButton({ path, title, text, label }: ShareButtonProps) {
  const t = useShareText();
  const [native] = useState(hasWebShare);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const url = canonicalUrl(siteOrigin(), path);

  if (native) {
    const share = () => {
      // Closing the share sheet rejects with AbortError: nothing to tell.
      navigator.share({ title, text, url }).catch(() => undefined);
    };
    return <Button variant="secondary" size="sm" className="share-button" aria-label={label} onClick={share}>{t('share')}</Button>;
  }

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };
  return (
    <div className="share-fallback" role="group" aria-label={label}>
      <a className={buttonClass('secondary', 'sm', 'share-whatsapp')} href={whatsappLink(text, url)} target="_blank" rel="noopener noreferrer"
        aria-label={t('whatsappLabel')}>{t('whatsapp')}</a>
      <Button variant="secondary" size="sm" onClick={() => void copyLink()}>{t('copy')}</Button>
      <p className="share-status" role="status">{copy === 'copied' ? t('copied') : copy === 'failed' ? t('copyFailed', { url }) : ''}</p>
    </div>
  );
}

/** The Share control of a tutor's profile. */
export function ShareTutor({ path, name }: { path: string; name: string }) {
  const t = useShareText();
  return <ShareButton path={path} title={name} text={t('tutorText', { name })} label={t('shareTutor', { name })} />;
}

/** The Share control of a course page. */
export function ShareCourse({ path, title }: { path: string; title: string }) {
  const t = useShareText();
  return <ShareButton path={path} title={title} text={t('courseText', { title })} label={t('shareCourse', { title })} />;
}
