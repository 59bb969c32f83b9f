/**
 * Profile photo (the input accepts images only; the upload rules and their texts). The file
 * is checked here first, sent to storage with a visible progress bar, then checked again by the
 * server, which publishes it; the new photo shows as soon as the profile comes back.
 */
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import type { Profile } from '@functions/profiles/contract';
import { reasonOf } from '../../shared/api';
import { Button } from '../../shared/ui/Button';
import { useToast } from '../../shared/ui/toast';
import { TutorAvatar } from './components';
import { useUploadProfilePhoto } from './my-api';
import { useEditorText } from './editor/text';
import { PHOTO_ACCEPT, photoForUpload, photoProblem, UploadAbortedError } from './photo-upload';
import { FilePicker } from '../../shared/ui/FileField';

type UploadState =
  | { kind: 'idle' }
  | { kind: 'uploading'; fraction: number }
  | { kind: 'error'; message: string };

export function PhotoUpload({ profile }: { profile: Profile }) {
  const t = useEditorText();
  const toast = useToast();
  const uploadProfilePhoto = useUploadProfilePhoto();
  const abort = useRef<AbortController | null>(null);
  const [state, setState] = useState<UploadState>({ kind: 'idle' });

  useEffect(() => () => abort.current?.abort(), []);

  const fail = (reason: string) => {
    const message = t('photo.failed', { reason });
    setState({ kind: 'error', message });
    toast.error(message);
  };

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same file can be picked again after a failure
    if (!file) return;
    const problem = photoProblem(file);
    if (problem) return fail(problem);

    const controller = new AbortController();
    abort.current = controller;
    setState({ kind: 'uploading', fraction: 0 });
    try {
      // Visitors download the photo at the size it is shown, not the camera's original.
      const photo = await photoForUpload(file);
      await uploadProfilePhoto.mutateAsync({ file: photo, onProgress: (fraction) => setState({ kind: 'uploading', fraction }), signal: controller.signal });
      setState({ kind: 'idle' });
      toast.success(t('photo.updated'));
    } catch (error) {
      if (error instanceof UploadAbortedError || controller.signal.aborted) setState({ kind: 'idle' });
      else fail(reasonOf(error));
    } finally {
      if (abort.current === controller) abort.current = null;
    }
  };

  const uploading = state.kind === 'uploading';
  const percent = uploading ? Math.round(state.fraction * 100) : 0;
  return (
    <section className="photo-upload" aria-labelledby="photo-title">
      <TutorAvatar photoUrl={profile.profilePhotoUrl} firstName={profile.firstName} lastName={profile.lastName} size={96} />
      <div className="photo-upload-body">
        <h3 id="photo-title">{t('photo.title')}</h3>
        <label htmlFor="profile-photo" className="photo-label">
          {profile.profilePhotoUrl ? t('photo.change') : t('photo.upload')}
        </label>
        <FilePicker
          id="profile-photo"
          accept={PHOTO_ACCEPT}
          disabled={uploading}
          aria-describedby="profile-photo-hint"
          onChange={(event) => void onChange(event)}
        />
        <span id="profile-photo-hint" className="field-hint">
          {t('photo.hint')}
        </span>
        {uploading && (
          <div className="photo-progress">
            <label htmlFor="photo-progress-bar">
              {state.fraction < 1 ? t('photo.uploading', { percent }) : t('photo.checking')}
            </label>
            <progress id="photo-progress-bar" max={100} value={percent}>
              {percent}%
            </progress>
            <Button size="sm" variant="ghost" onClick={() => abort.current?.abort()}>
              {t('photo.cancel')}
            </Button>
          </div>
        )}
        {state.kind === 'error' && (
          <p className="field-error" role="alert">
            {state.message}
          </p>
        )}
      </div>
    </section>
  );
}
