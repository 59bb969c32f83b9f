/**
 * The KYC document upload form (tutor onboarding: KYC upload and its texts), used in the
 * KYC Verification tab and in the "Complete KYC Verification" dialog. Checked here first with the
 * API's own rules, sent straight to private storage with a visible progress bar, then checked
 * again and recorded (pending) by the API; the list and the profile are read again afterwards.
 */
import { useEffect, useId, useImperativeHandle, useRef, useState, type ChangeEvent, type FormEvent, type Ref } from 'react';
import { Trans } from '@lingui/react';
import { Button } from '../../shared/ui/Button';
import { SelectField } from '../../shared/ui/fields';
import { FilePicker } from '../../shared/ui/FileField';
import { UploadAbortedError } from '../../shared/presigned-upload';
import { useToast } from '../../shared/ui/toast';
import { useUploadKycDocument } from './kyc-api';
import {
  ACADEMIC_QUALIFICATION_TYPES, declaredContentType, isDocumentType, isQualificationType,
  KYC_ACCEPT, kycFileProblem, kycFormProblem, kycMessages, uploadFailureReason, type DocumentType,
} from './kyc-rules';
import { problemText } from './kyc-words';
import { QUALIFICATION_MESSAGES, useKycTypesText } from './types/text';
import { useKycText, type KycMessage } from './text';

/** Document groups: identification, academic, professional. */
const GROUPS: ReadonlyArray<{ label: KycMessage; types: readonly DocumentType[] }> = [
  { label: 'group.identification', types: ['id_card', 'passport', 'driving_license'] },
  { label: 'group.academic', types: ['academic_qualification', 'degree'] },
  { label: 'group.professional', types: ['certificate'] },
];

type UploadState =
  | { kind: 'idle' }
  | { kind: 'done'; documentType: DocumentType }
  | { kind: 'uploading'; fraction: number }
  | { kind: 'error'; message: string; field?: 'type' | 'qualification' | 'file' };

export interface KycUploadFormHandle {
  /** Moves focus to the first field (the status card's "Start Verification"). */
  focus(): void;
}

interface KycUploadFormProps {
  /** Called after a document was recorded (and the list and profile were read again). */
  onUploaded?: () => void;
  /**
   * Also confirm a submission in the form itself: inside a modal dialog the toasts sit under
   * the backdrop (and are inert), so the dialog says it where the tutor is looking.
   */
  inlineSuccess?: boolean;
  ref?: Ref<KycUploadFormHandle>;
}

export function KycUploadForm({ onUploaded, inlineSuccess = false, ref }: KycUploadFormProps) {
  const id = useId();
  const t = useKycText();
  const types = useKycTypesText();
  const toast = useToast();
  const uploadKycDocument = useUploadKycDocument();
  const typeSelect = useRef<HTMLSelectElement>(null);
  const qualificationSelect = useRef<HTMLSelectElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [documentType, setDocumentType] = useState('');
  const [qualificationType, setQualificationType] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<UploadState>({ kind: 'idle' });

  useImperativeHandle(ref, () => ({ focus: () => typeSelect.current?.focus() }), []);
  useEffect(() => () => abort.current?.abort(), []);

  const uploading = state.kind === 'uploading';
  const academic = documentType === 'academic_qualification';
  const error = state.kind === 'error' ? state : null;

  const showProblem = (message: string) => {
    const field = message === kycMessages.qualificationTypeRequired ? 'qualification'
      : !isDocumentType(documentType) ? 'type'
      : 'file';
    setState({ kind: 'error', message: problemText(message, file, t), field });
    (field === 'type' ? typeSelect : field === 'qualification' ? qualificationSelect : fileInput).current?.focus();
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0] ?? null;
    const problem = picked ? kycFileProblem(picked) : null;
    if (problem) {
      event.target.value = ''; // nothing unusable stays selected; the same file can be fixed and picked again
      setFile(null);
      setState({ kind: 'error', message: problemText(problem, picked, t), field: 'file' });
      return;
    }
    setFile(picked);
    if (state.kind !== 'idle') setState({ kind: 'idle' });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (uploading) return;
    const problem = kycFormProblem({ documentType, qualificationType, file });
    if (problem || !file || !isDocumentType(documentType)) return showProblem(problem ?? kycMessages.chooseTypeAndFile);

    const controller = new AbortController();
    abort.current = controller;
    setState({ kind: 'uploading', fraction: 0 });
    try {
      // Resolves once the list and the profile are read again.
      await uploadKycDocument.mutateAsync({
        file,
        contentType: declaredContentType(file),
        documentType,
        ...(academic && isQualificationType(qualificationType) ? { academicQualificationType: qualificationType } : {}),
        onProgress: (fraction) => setState({ kind: 'uploading', fraction }),
        signal: controller.signal,
      });
      setDocumentType('');
      setQualificationType('');
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      setState(inlineSuccess ? { kind: 'done', documentType } : { kind: 'idle' });
      toast.success(t('toast.uploaded'));
      onUploaded?.();
    } catch (failure) {
      if (failure instanceof UploadAbortedError || controller.signal.aborted) {
        setState({ kind: 'idle' });
      } else {
        const message = t('toast.failed', { reason: problemText(uploadFailureReason(failure), file, t) });
        setState({ kind: 'error', message });
        toast.error(message);
      }
    } finally {
      if (abort.current === controller) abort.current = null;
    }
  };

  const percent = uploading ? Math.round(state.fraction * 100) : 0;
  const errorId = `${id}-error`;
  const invalid = (field: 'type' | 'qualification' | 'file') => (error?.field === field ? true : undefined);
  const describedBy = (field: 'type' | 'qualification' | 'file', hint?: string) =>
    [hint, error?.field === field ? errorId : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <form className="form kyc-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={uploading || undefined}>
      {/* The form's one error is shown below it; the field it concerns is marked and points at it. */}
      <SelectField
        ref={typeSelect}
        id={`${id}-type`}
        label={t('form.type')}
        value={documentType}
        disabled={uploading}
        aria-invalid={invalid('type')}
        describedByIds={describedBy('type')}
        onChange={(event) => {
          setDocumentType(event.target.value);
          if (state.kind !== 'idle') setState({ kind: 'idle' });
        }}
      >
        <option value="">{t('form.selectType')}</option>
        {GROUPS.map((group) => (
          <optgroup key={group.label} label={t(group.label)}>
            {group.types.map((type) => (
              <option key={type} value={type}>
                {types(`type.${type}`)}
              </option>
            ))}
          </optgroup>
        ))}
      </SelectField>

      {academic && (
        <SelectField
          ref={qualificationSelect}
          id={`${id}-qualification`}
          label={t('form.qualification')}
          value={qualificationType}
          disabled={uploading}
          aria-invalid={invalid('qualification')}
          describedByIds={describedBy('qualification')}
          onChange={(event) => {
            setQualificationType(event.target.value);
            if (state.kind !== 'idle') setState({ kind: 'idle' });
          }}
        >
          <option value="">{t('form.selectQualification')}</option>
          {ACADEMIC_QUALIFICATION_TYPES.map((type) => (
            <option key={type} value={type}>
              {types(QUALIFICATION_MESSAGES[type])}
            </option>
          ))}
        </SelectField>
      )}

      <div className="field">
        <label htmlFor={`${id}-file`}>{t('form.file')}</label>
        <FilePicker
          ref={fileInput}
          id={`${id}-file`}
          fileName={file?.name}
          accept={KYC_ACCEPT}
          disabled={uploading}
          aria-invalid={invalid('file')}
          aria-describedby={describedBy('file', `${id}-file-hint`)}
          onChange={onFile}
        />
        <span id={`${id}-file-hint`} className="field-hint">
          {t('form.fileHint')}
        </span>
      </div>

      {uploading && (
        <div className="kyc-progress">
          <label htmlFor={`${id}-progress`}>{state.fraction < 1 ? t('form.uploading', { percent }) : t('form.checking')}</label>
          <progress id={`${id}-progress`} max={100} value={percent}>
            {percent}%
          </progress>
          <Button size="sm" variant="ghost" onClick={() => abort.current?.abort()}>
            {t('form.cancel')}
          </Button>
        </div>
      )}

      {error && (
        <p id={errorId} className="alert alert-error" role="alert">
          {error.message}
        </p>
      )}
      <div role="status" className="kyc-form-status">
        {state.kind === 'done' && (
          <p className="alert alert-success">
            <Trans id={useKycText.id('form.done')} values={{ label: types(`type.${state.documentType}`) }} components={{ 0: <strong /> }} />
          </p>
        )}
      </div>

      <div className="actions">
        <Button type="submit" busy={uploading}>
          {t('form.submit')}
        </Button>
      </div>
    </form>
  );
}
