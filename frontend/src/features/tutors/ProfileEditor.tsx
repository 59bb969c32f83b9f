/**
 * The Edit Profile form (the Profile tab's edit states; hourly_rate is parsed as a
 * number). Validated with the API's own schemas; only changed fields are sent.
 */
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_TIME_ZONE, type Profile } from '@functions/profiles/contract';
import {
  DEFAULT_HOURLY_RATE, LEVELS, MAX_HOURLY_RATE, MAX_MIN_NOTICE_HOURS, MIN_HOURLY_RATE, MIN_TRIAL_PRICE, SPECIALIZATIONS, TUTOR_SUBJECTS,
} from '@functions/tutors/catalog';
import { PersonalFields, TutorFields } from '@functions/tutors/contract';
import { ApiError, reasonOf } from '../../shared/api';
import { Button } from '../../shared/ui/Button';
import { useToast } from '../../shared/ui/toast';
import { clearDraft, readDraft, useFormDraft, useHeldSubmit } from '../../shared/form-draft';
import { HeldSubmitNotice } from '../../shared/ui/Offline';
import { describedBy, Field, SelectField, TextAreaField, TextField } from '../../shared/ui/fields';
import { useUpdateMyProfile } from './my-api';
import { PhotoUpload } from './PhotoUpload';
import { GradePicker } from './GradePicker';
import { addFreeText, addPick, remainingOptions, removePick } from './picker';
import { changedFields, parseRate, profileFormDefaults, type ProfileFormValues } from './profile-form';
import { timeZoneGroups, zoneLabel } from './time-zones';
import { ksh } from '../../shared/format';
import { useEditorText } from './editor/text';
import { useSubjectName } from './subjects/text';
import { levelLabel, useTutorsText } from './text';
import { useErrorsFollowLanguage } from '../../shared/messages/server-messages';

const ProfileForm = PersonalFields.extend(TutorFields.shape);

/** The zone regions the catalog names ("Africa/…", "Europe/…"); others (UTC) show as they are. */
const REGIONS = ['Africa', 'America', 'Antarctica', 'Arctic', 'Asia', 'Atlantic', 'Australia', 'Europe', 'Indian', 'Pacific'] as const;
const isRegion = (name: string): name is (typeof REGIONS)[number] => (REGIONS as readonly string[]).includes(name);

export function ProfileEditor({ profile, onClose }: { profile: Profile; onClose: () => void }) {
  const t = useEditorText();
  const common = useTutorsText();
  const region = (name: string) => (isRegion(name) ? t(`region.${name}`) : name);
  const toast = useToast();
  const updateMyProfile = useUpdateMyProfile();
  const [initial] = useState(() => profileFormDefaults(profile, DEFAULT_TIME_ZONE));
  const [zones] = useState(() => timeZoneGroups(initial.timeZone));
  const draftKey = `profile:${profile.id}`;
  const [draft] = useState(() => readDraft<ProfileFormValues>(draftKey));
  const formRef = useRef<HTMLFormElement>(null);
  const held = useHeldSubmit();
  const {
    register,
    control,
    handleSubmit,
    setError,
    setFocus,
    watch,
    trigger,
    formState: { errors, isSubmitting },
  } = useForm<ProfileFormValues, unknown, ProfileFormValues>({
    resolver: zodResolver(ProfileForm),
    mode: 'onTouched',
    // `initial` stays the saved profile: only fields that differ from it are sent.
    defaultValues: { ...initial, ...draft },
  });
  useErrorsFollowLanguage(errors, trigger);
  useFormDraft(draftKey, watch);
  const close = () => {
    clearDraft(draftKey);
    onClose();
  };

  const onSubmit = async (values: ProfileFormValues) => {
    const body = changedFields(initial, values);
    if (Object.keys(body).length === 0) {
      toast.info(t('noChanges'));
      close();
      return;
    }
    if (held.holdIfOffline()) return;
    try {
      await updateMyProfile.mutateAsync(body);
      toast.success(t('updated'));
      close();
    } catch (error) {
      console.error('Profile update failed', error);
      if (error instanceof ApiError) {
        const fields = error.fields
          .map((field) => ({ name: field.path.split('.')[0] as FieldPath<ProfileFormValues>, message: field.message }))
          .filter(({ name }) => name in initial);
        fields.forEach(({ name, message }) => setError(name, { message }));
        if (fields[0]) setFocus(fields[0].name);
      }
      toast.error(t('failed', { reason: reasonOf(error) }));
    }
  };

  return (
    <section className="card profile-editor" aria-labelledby="edit-profile-title">
      <h2 id="edit-profile-title">{t('title')}</h2>
      <PhotoUpload profile={profile} />

      <form ref={formRef} className="form" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
        <fieldset className="form-section">
          <legend>{t('about')}</legend>
          <div className="form-row">
            <TextField id="pf-first" label={t('firstName')} autoComplete="given-name" error={errors.firstName?.message} {...register('firstName')} />
            <TextField id="pf-last" label={t('lastName')} autoComplete="family-name" error={errors.lastName?.message} {...register('lastName')} />
          </div>
          <div className="form-row">
            <TextField id="pf-phone" label={t('phone')} type="tel" autoComplete="tel" inputMode="tel" error={errors.phone?.message} {...register('phone')} />
            <TextField id="pf-country" label={t('country')} autoComplete="country-name" error={errors.country?.message} {...register('country')} />
          </div>
        </fieldset>

        <fieldset className="form-section">
          <legend>{t('teaching')}</legend>
          <TextAreaField id="pf-bio" label={t('bio')} rows={5} maxLength={2000} hint={t('bioHint')} error={errors.bio?.message} {...register('bio')} />
          <TextField
            id="pf-rate"
            label={t('rate')}
            type="number"
            inputMode="numeric"
            min={MIN_HOURLY_RATE}
            max={MAX_HOURLY_RATE}
            step={1}
            placeholder={String(DEFAULT_HOURLY_RATE)}
            hint={t('rateHint', { min: ksh(MIN_HOURLY_RATE), max: ksh(MAX_HOURLY_RATE), default: ksh(DEFAULT_HOURLY_RATE) })}
            error={errors.hourlyRate?.message}
            {...register('hourlyRate', { setValueAs: parseRate })}
          />
          <TextField
            id="pf-notice"
            label={t('notice')}
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_MIN_NOTICE_HOURS}
            step={1}
            hint={t('noticeHint', { max: MAX_MIN_NOTICE_HOURS })}
            error={errors.minNoticeHours?.message}
            {...register('minNoticeHours', { valueAsNumber: true })}
          />
          <Controller
            control={control}
            name="trialLesson"
            render={({ field, fieldState }) => (
              <>
                <SelectField
                  id="pf-trial"
                  label={t('trial')}
                  hint={t('trialHint')}
                  value={field.value?.kind ?? 'off'}
                  onChange={(e) => field.onChange(e.target.value === 'free' ? { kind: 'free' } : e.target.value === 'paid' ? { kind: 'paid', price: field.value?.kind === 'paid' ? field.value.price : MIN_TRIAL_PRICE } : null)}
                >
                  <option value="off">{t('trial.off')}</option>
                  <option value="free">{t('trial.free')}</option>
                  <option value="paid">{t('trial.paid')}</option>
                </SelectField>
                {field.value?.kind === 'paid' && (
                  <TextField
                    id="pf-trial-price"
                    label={t('trial.price')}
                    type="number"
                    inputMode="numeric"
                    min={MIN_TRIAL_PRICE}
                    max={MAX_HOURLY_RATE}
                    step={1}
                    hint={t('trial.priceHint', { min: ksh(MIN_TRIAL_PRICE), max: ksh(MAX_HOURLY_RATE) })}
                    error={fieldState.error?.message}
                    value={Number.isNaN(field.value.price) ? '' : field.value.price}
                    onChange={(e) => field.onChange({ kind: 'paid', price: e.target.value === '' ? Number.NaN : Number(e.target.value) })}
                  />
                )}
              </>
            )}
          />
          <TextAreaField id="pf-experience" label={t('experience')} rows={3} maxLength={500} error={errors.teachingExperience?.message} {...register('teachingExperience')} />
          <TextAreaField id="pf-education" label={t('education')} rows={3} maxLength={500} error={errors.educationBackground?.message} {...register('educationBackground')} />
        </fieldset>

        <Controller
          control={control}
          name="preferredSubjects"
          render={({ field, fieldState }) => (
            <PickList legend={t('subjects')} addLabel={t('subjects.add')} chooseLabel={t('subjects.choose')} options={TUTOR_SUBJECTS} value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
          )}
        />
        <Controller
          control={control}
          name="expertise"
          render={({ field, fieldState }) => (
            <PickList legend={t('expertise')} addLabel={t('expertise.add')} chooseLabel={t('expertise.choose')} options={TUTOR_SUBJECTS} value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
          )}
        />
        <Controller
          control={control}
          name="specializations"
          render={({ field, fieldState }) => (
            <PickList legend={t('specializations')} addLabel={t('specializations.add')} chooseLabel={t('specializations.choose')} options={SPECIALIZATIONS} value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
          )}
        />

        <Controller
          control={control}
          name="levels"
          render={({ field, fieldState }) => (
            <fieldset className="form-section" aria-describedby={fieldState.error ? 'pf-levels-error' : undefined}>
              <legend>{t('levels')}</legend>
              <div className="check-row">
                {LEVELS.map((level) => (
                  <label key={level} className="check">
                    <input
                      type="checkbox"
                      checked={field.value.includes(level)}
                      onChange={(event) =>
                        field.onChange(
                          event.target.checked
                            ? LEVELS.filter((l) => l === level || field.value.includes(l))
                            : field.value.filter((l) => l !== level),
                        )
                      }
                    />
                    {levelLabel(common, level)}
                  </label>
                ))}
              </div>
              {fieldState.error && (
                <p id="pf-levels-error" className="field-error">
                  {fieldState.error.message}
                </p>
              )}
            </fieldset>
          )}
        />

        <Controller
          control={control}
          name="grades"
          render={({ field, fieldState }) => <GradePicker value={field.value} onChange={field.onChange} error={fieldState.error?.message} />}
        />

        <Controller
          control={control}
          name="certifications"
          render={({ field, fieldState }) => (
            <FreeTextList legend={t('certifications')} value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
          )}
        />

        <SelectField id="pf-zone" label={t('zone')} hint={t('zoneHint')} error={errors.timeZone?.message} {...register('timeZone')}>
          <optgroup label={t('zone.africa')}>
            {zones.africa.map((zone) => (
              <option key={zone} value={zone}>
                {zoneLabel(zone, region)}
              </option>
            ))}
          </optgroup>
          <optgroup label={t('zone.rest')}>
            {zones.other.map((zone) => (
              <option key={zone} value={zone}>
                {zoneLabel(zone, region)}
              </option>
            ))}
          </optgroup>
        </SelectField>

        <HeldSubmitNotice submit={held} action={t('submit')} onSend={() => formRef.current?.requestSubmit()} />
        <div className="form-actions">
          <Button type="submit" busy={isSubmitting}>
            {isSubmitting ? t('submitting') : t('submit')}
          </Button>
          <Button variant="ghost" disabled={isSubmitting} onClick={close}>
            {t('cancel')}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** Picked items as removable chips, and a select offering only what is not picked yet. */
function PickList<T extends string>({
  legend,
  addLabel,
  chooseLabel,
  options,
  value,
  onChange,
  error,
}: {
  legend: string;
  addLabel: string;
  chooseLabel: string;
  options: readonly T[];
  value: T[];
  onChange: (next: T[]) => void;
  error?: string | undefined;
}) {
  const t = useEditorText();
  const subjectName = useSubjectName();
  const id = useId();
  const select = useRef<HTMLSelectElement>(null);
  const left = remainingOptions(options, value);
  return (
    <fieldset className="form-section pick-list">
      <legend>{legend}</legend>
      {value.length > 0 ? (
        <ul className="pick-chips" role="list">
          {value.map((item) => (
            <li key={item}>
              <button
                type="button"
                className="pick-chip"
                aria-label={t('remove', { item: subjectName(item) })}
                onClick={() => {
                  onChange(removePick(value, item));
                  select.current?.focus();
                }}
              >
                {subjectName(item)}
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted pick-none">{t('nonePicked')}</p>
      )}
      <SelectField
        ref={select}
        id={id}
        label={addLabel}
        error={error}
        value=""
        disabled={left.length === 0}
        onChange={(event) => onChange(addPick(options, value, event.target.value))}
      >
        <option value="">{left.length ? chooseLabel : t('allPicked')}</option>
        {left.map((option) => (
          <option key={option} value={option}>
            {subjectName(option)}
          </option>
        ))}
      </SelectField>
    </fieldset>
  );
}

function FreeTextList({
  legend,
  value,
  onChange,
  error,
}: {
  legend: string;
  value: string[];
  onChange: (next: string[]) => void;
  error?: string | undefined;
}) {
  const t = useEditorText();
  const id = useId();
  const [draft, setDraft] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const add = () => {
    onChange(addFreeText(value, draft));
    setDraft('');
    input.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault(); // Enter adds the item instead of submitting the form
    add();
  };
  return (
    <fieldset className="form-section pick-list">
      <legend>{legend}</legend>
      {value.length > 0 && (
        <ul className="pick-chips" role="list">
          {value.map((item) => (
            <li key={item}>
              <button
                type="button"
                className="pick-chip"
                aria-label={t('remove', { item })}
                onClick={() => {
                  onChange(value.filter((v) => v !== item));
                  input.current?.focus();
                }}
              >
                {item}
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <Field id={id} label={t('certification.add')} error={error}>
        <div className="inline-add">
          <input
            ref={input}
            id={id}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(id, error)}
            value={draft}
            maxLength={120}
            placeholder={t('certification.placeholder')}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
          />
          <Button variant="secondary" disabled={!draft.trim() || value.length >= 20} onClick={add}>
            {t('add')}
          </Button>
        </div>
      </Field>
    </fieldset>
  );
}
