/**
 * The Edit Profile form (spec §2 Profile tab, §4 edit states, §5 "hourly_rate is parsed as a
 * number", §8 texts). Validated with the API's own schemas; only changed fields are sent.
 */
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_TIME_ZONE, type Profile } from '@functions/profiles/contract';
import {
  DEFAULT_HOURLY_RATE, hourlyRateRange, LEVEL_LABELS, LEVELS, MAX_HOURLY_RATE, MAX_MIN_NOTICE_HOURS, MIN_HOURLY_RATE,
  SPECIALIZATIONS, TUTOR_SUBJECTS,
} from '@functions/tutors/catalog';
import { PersonalFields, profileMessages, TutorFields } from '@functions/tutors/contract';
import { ApiError, reasonOf } from '../../shared/api';
import { Button } from '../../shared/ui/Button';
import { useToast } from '../../shared/ui/toast';
import { clearDraft, readDraft, useFormDraft, useHeldSubmit } from '../../shared/form-draft';
import { HeldSubmitNotice } from '../../shared/ui/Offline';
import { describedBy, Field, SelectField, TextAreaField, TextField } from '../../shared/ui/fields';
import { useUpdateMyProfile } from './my-api';
import { PhotoUpload } from './PhotoUpload';
import { addFreeText, addPick, remainingOptions, removePick } from './picker';
import { changedFields, parseRate, profileFormDefaults, type ProfileFormValues } from './profile-form';
import { timeZoneGroups, zoneLabel } from './time-zones';

const ProfileForm = PersonalFields.extend(TutorFields.shape);

export function ProfileEditor({ profile, onClose }: { profile: Profile; onClose: () => void }) {
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
    formState: { errors, isSubmitting },
  } = useForm<ProfileFormValues, unknown, ProfileFormValues>({
    resolver: zodResolver(ProfileForm),
    mode: 'onTouched',
    // `initial` stays the saved profile: only fields that differ from it are sent.
    defaultValues: { ...initial, ...draft },
  });
  useFormDraft(draftKey, watch);
  const close = () => {
    clearDraft(draftKey);
    onClose();
  };

  const onSubmit = async (values: ProfileFormValues) => {
    const body = changedFields(initial, values);
    if (Object.keys(body).length === 0) {
      toast.info('No changes to save');
      close();
      return;
    }
    if (held.holdIfOffline()) return;
    try {
      await updateMyProfile.mutateAsync(body);
      toast.success(profileMessages.updated);
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
      toast.error(profileMessages.failed(reasonOf(error)));
    }
  };

  return (
    <section className="card profile-editor" aria-labelledby="edit-profile-title">
      <h2 id="edit-profile-title">Edit Profile</h2>
      <PhotoUpload profile={profile} />

      <form ref={formRef} className="form" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
        <fieldset className="form-section">
          <legend>About you</legend>
          <div className="form-row">
            <TextField id="pf-first" label="First Name" autoComplete="given-name" error={errors.firstName?.message} {...register('firstName')} />
            <TextField id="pf-last" label="Last Name" autoComplete="family-name" error={errors.lastName?.message} {...register('lastName')} />
          </div>
          <div className="form-row">
            <TextField id="pf-phone" label="Phone" type="tel" autoComplete="tel" inputMode="tel" error={errors.phone?.message} {...register('phone')} />
            <TextField id="pf-country" label="Country" autoComplete="country-name" error={errors.country?.message} {...register('country')} />
          </div>
        </fieldset>

        <fieldset className="form-section">
          <legend>Teaching</legend>
          <TextAreaField id="pf-bio" label="Bio" rows={5} maxLength={2000} hint="Tell students how you teach." error={errors.bio?.message} {...register('bio')} />
          <TextField
            id="pf-rate"
            label="Hourly rate (KSh)"
            type="number"
            inputMode="numeric"
            min={MIN_HOURLY_RATE}
            max={MAX_HOURLY_RATE}
            step={1}
            placeholder={String(DEFAULT_HOURLY_RATE)}
            hint={`Between ${hourlyRateRange}. Leave empty to use the default, KSh ${DEFAULT_HOURLY_RATE.toLocaleString('en-KE')}.`}
            error={errors.hourlyRate?.message}
            {...register('hourlyRate', { setValueAs: parseRate })}
          />
          <TextField
            id="pf-notice"
            label="Minimum notice (hours)"
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_MIN_NOTICE_HOURS}
            step={1}
            hint={`Students can book a lesson only this many hours ahead (0 to ${MAX_MIN_NOTICE_HOURS}).`}
            error={errors.minNoticeHours?.message}
            {...register('minNoticeHours', { valueAsNumber: true })}
          />
          <TextAreaField id="pf-experience" label="Teaching experience" rows={3} maxLength={500} error={errors.teachingExperience?.message} {...register('teachingExperience')} />
          <TextAreaField id="pf-education" label="Education" rows={3} maxLength={500} error={errors.educationBackground?.message} {...register('educationBackground')} />
        </fieldset>

        <Controller
          control={control}
          name="preferredSubjects"
          render={({ field, fieldState }) => (
            <PickList legend="Preferred subjects" noun="subject" options={TUTOR_SUBJECTS} value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
          )}
        />
        <Controller
          control={control}
          name="expertise"
          render={({ field, fieldState }) => (
            <PickList legend="Expertise" noun="expertise" options={TUTOR_SUBJECTS} value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
          )}
        />
        <Controller
          control={control}
          name="specializations"
          render={({ field, fieldState }) => (
            <PickList legend="Specializations" noun="specialization" options={SPECIALIZATIONS} value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
          )}
        />

        <Controller
          control={control}
          name="levels"
          render={({ field, fieldState }) => (
            <fieldset className="form-section" aria-describedby={fieldState.error ? 'pf-levels-error' : undefined}>
              <legend>Levels you teach</legend>
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
                    {LEVEL_LABELS[level]}
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
          name="certifications"
          render={({ field, fieldState }) => (
            <FreeTextList legend="Certifications" value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
          )}
        />

        <SelectField id="pf-zone" label="Time zone" hint="Your weekly availability is in this time zone." error={errors.timeZone?.message} {...register('timeZone')}>
          <optgroup label="Africa">
            {zones.africa.map((zone) => (
              <option key={zone} value={zone}>
                {zoneLabel(zone)}
              </option>
            ))}
          </optgroup>
          <optgroup label="Rest of the world">
            {zones.other.map((zone) => (
              <option key={zone} value={zone}>
                {zoneLabel(zone)}
              </option>
            ))}
          </optgroup>
        </SelectField>

        <HeldSubmitNotice submit={held} action="Update Profile" onSend={() => formRef.current?.requestSubmit()} />
        <div className="form-actions">
          <Button type="submit" busy={isSubmitting}>
            {isSubmitting ? 'Updating...' : 'Update Profile'}
          </Button>
          <Button variant="ghost" disabled={isSubmitting} onClick={close}>
            Cancel
          </Button>
        </div>
      </form>
    </section>
  );
}

/** Picked items as removable chips, and a select offering only what is not picked yet. */
function PickList<T extends string>({
  legend,
  noun,
  options,
  value,
  onChange,
  error,
}: {
  legend: string;
  noun: string;
  options: readonly T[];
  value: T[];
  onChange: (next: T[]) => void;
  error?: string | undefined;
}) {
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
                aria-label={`Remove ${item}`}
                onClick={() => {
                  onChange(removePick(value, item));
                  select.current?.focus();
                }}
              >
                {item}
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted pick-none">None picked yet.</p>
      )}
      <SelectField
        ref={select}
        id={id}
        label={`Add ${noun}`}
        error={error}
        value=""
        disabled={left.length === 0}
        onChange={(event) => onChange(addPick(options, value, event.target.value))}
      >
        <option value="">{left.length ? `Choose ${noun}…` : 'All picked'}</option>
        {left.map((option) => (
          <option key={option} value={option}>
            {option}
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
                aria-label={`Remove ${item}`}
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
      <Field id={id} label="Add certification" error={error}>
        <div className="inline-add">
          <input
            ref={input}
            id={id}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(id, error)}
            value={draft}
            maxLength={120}
            placeholder="e.g. TSC registered teacher"
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
          />
          <Button variant="secondary" disabled={!draft.trim() || value.length >= 20} onClick={add}>
            Add
          </Button>
        </div>
      </Field>
    </fieldset>
  );
}
