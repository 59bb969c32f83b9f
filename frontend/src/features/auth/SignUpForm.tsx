import { useRef, useState } from 'react';
import { useForm, useWatch, type FieldError } from 'react-hook-form';
import { Trans } from '@lingui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import type { AccountType, SignUpResponse } from '@functions/auth/contract';
import { DEFAULT_COUNTRY } from '@functions/profiles/contract';
import { callApi } from '../../shared/api';
import { activeLanguage } from '../../shared/i18n/language';
import { Button } from '../../shared/ui/Button';
import { clearDraft, readDraft, useFormDraft, useHeldSubmit } from '../../shared/form-draft';
import { HeldSubmitNotice } from '../../shared/ui/Offline';
import { signUpErrorMessage } from './errors';
import { AccountTypeSelect, TextField } from './fields';
import { ruleMessage, signsUpAsMinor, SignUpForm as SignUpFormSchema, toSignUpRequest, type SignUpFormInput, type SignUpFormValues } from './schema';
import { useAuthText } from './text';
import type { Credentials } from './SignInForm';
import { useErrorsFollowLanguage } from '../../shared/messages/server-messages';

const COUNTRIES = ['Kenya', 'Uganda', 'Tanzania', 'Rwanda', 'Ethiopia', 'Nigeria', 'Ghana', 'South Africa', 'Zambia'];

interface SignUpFormProps {
  initialAccountType: AccountType;
  onSignedUp: (credentials: Credentials, response: SignUpResponse) => Promise<void> | void;
}

const DRAFT_KEY = 'sign-up';
/** Passwords never go to storage: they are typed again after a reload. */
const NOT_KEPT = ['password', 'confirmPassword'];
/**
 * The student-only boxes (year, parent) drop their value when hidden: the form's rules check a
 * value's shape whatever the account type, so a half-typed year would otherwise hold back a
 * Parent's or Tutor's sign-up with an error nobody can see.
 */
const ONLY_WHILE_SHOWN = { shouldUnregister: true } as const;

export function SignUpForm({ initialAccountType, onSignedUp }: SignUpFormProps) {
  const t = useAuthText();
  const [serverError, setServerError] = useState<string | null>(null);
  const [draft] = useState(() => readDraft<SignUpFormInput>(DRAFT_KEY));
  const formRef = useRef<HTMLFormElement>(null);
  const held = useHeldSubmit();
  const {
    register,
    handleSubmit,
    control,
    watch,
    trigger,
    formState: { errors, isSubmitting },
  } = useForm<SignUpFormInput, unknown, SignUpFormValues>({
    resolver: zodResolver(SignUpFormSchema),
    mode: 'onTouched',
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      phone: '',
      country: DEFAULT_COUNTRY,
      ...draft,
      // The page's own choice (Become a Tutor …) wins over a kept draft.
      accountType: initialAccountType,
      password: '',
      confirmPassword: '',
    },
  });
  useErrorsFollowLanguage(errors, trigger);
  useFormDraft(DRAFT_KEY, watch, NOT_KEPT);
  const accountType = useWatch({ control, name: 'accountType' });
  const birthYear = useWatch({ control, name: 'birthYear' });
  const minor = signsUpAsMinor(accountType, birthYear);
  /** A field's error in the active language. */
  const problem = (error: Pick<FieldError, 'message'> | undefined) => {
    const key = error?.message && ruleMessage(error.message);
    return key ? t(key) : error?.message;
  };

  const onSubmit = async (values: SignUpFormValues) => {
    setServerError(null);
    if (held.holdIfOffline()) return;
    try {
      // The language they sign up in: the profile's, and the welcome e-mail's.
      const response = await callApi('signUp', { body: { ...toSignUpRequest(values), language: activeLanguage() } });
      clearDraft(DRAFT_KEY);
      await onSignedUp({ email: values.email, password: values.password, accountType: values.accountType }, response);
    } catch (error) {
      console.error('Sign up failed', error);
      setServerError(signUpErrorMessage(error, t));
    }
  };

  return (
    <form ref={formRef} className="form" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <AccountTypeSelect id="signup-account-type" error={problem(errors.accountType)} {...register('accountType')} />
      {accountType === 'tutor' && (
        <p className="alert alert-warn" id="tutor-kyc-notice">
          <Trans id={useAuthText.id('signup.kycNotice')} components={{ 0: <strong /> }} />
        </p>
      )}
      {accountType === 'admin' && (
        <p className="alert alert-info" id="admin-notice">
          <Trans id={useAuthText.id('signup.adminNotice')} components={{ 0: <strong /> }} />
        </p>
      )}
      <div className="form-row">
        <TextField
          id="signup-first-name"
          label={t('field.firstName')}
          autoComplete="given-name"
          required
          error={problem(errors.firstName)}
          {...register('firstName')}
        />
        <TextField
          id="signup-last-name"
          label={t('field.lastName')}
          autoComplete="family-name"
          required
          error={problem(errors.lastName)}
          {...register('lastName')}
        />
      </div>
      <TextField
        id="signup-email"
        label={t('field.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        required
        error={problem(errors.email)}
        {...register('email')}
      />
      <div className="form-row">
        <TextField
          id="signup-phone"
          label={t('field.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={t('field.phonePlaceholder')}
          hint={t('field.optional')}
          error={problem(errors.phone)}
          {...register('phone')}
        />
        <TextField
          id="signup-country"
          label={t('field.country')}
          autoComplete="country-name"
          list="signup-countries"
          hint={t('field.optional')}
          error={problem(errors.country)}
          {...register('country')}
        />
        <datalist id="signup-countries">
          {COUNTRIES.map((country) => (
            <option key={country} value={country} />
          ))}
        </datalist>
      </div>
      {accountType === 'student' && (
        <TextField
          id="signup-birth-year"
          label={t('field.birthYear')}
          inputMode="numeric"
          autoComplete="bday-year"
          maxLength={4}
          required
          hint={t('field.birthYearHint')}
          error={problem(errors.birthYear)}
          {...register('birthYear', ONLY_WHILE_SHOWN)}
        />
      )}
      {minor && (
        <fieldset className="signup-parent" id="signup-parent">
          <p className="alert alert-info">{t('signup.minorReason')}</p>
          <TextField
            id="signup-parent-email"
            label={t('field.parentEmail')}
            type="email"
            inputMode="email"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            required
            error={problem(errors.parentEmail)}
            {...register('parentEmail', ONLY_WHILE_SHOWN)}
          />
          <TextField
            id="signup-parent-phone"
            label={t('field.parentPhone')}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            placeholder={t('field.parentPhonePlaceholder')}
            hint={t('field.optional')}
            error={problem(errors.parentPhone)}
            {...register('parentPhone', ONLY_WHILE_SHOWN)}
          />
        </fieldset>
      )}
      <TextField
        id="signup-password"
        label={t('field.password')}
        type="password"
        autoComplete="new-password"
        required
        hint={t('field.passwordHint')}
        error={problem(errors.password)}
        {...register('password')}
      />
      <TextField
        id="signup-confirm-password"
        label={t('field.confirmPassword')}
        type="password"
        autoComplete="new-password"
        required
        error={problem(errors.confirmPassword)}
        {...register('confirmPassword')}
      />
      {serverError && (
        <p className="alert alert-error" role="alert">
          {serverError}
        </p>
      )}
      <HeldSubmitNotice submit={held} action={t('tab.signup')} onSend={() => formRef.current?.requestSubmit()} />
      <Button type="submit" size="lg" busy={isSubmitting}>
        {t('tab.signup')}
      </Button>
    </form>
  );
}
