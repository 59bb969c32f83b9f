import { useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
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
import { SignUpForm as SignUpFormSchema, toSignUpRequest, type SignUpFormInput, type SignUpFormValues } from './schema';
import type { Credentials } from './SignInForm';

const COUNTRIES = ['Kenya', 'Uganda', 'Tanzania', 'Rwanda', 'Ethiopia', 'Nigeria', 'Ghana', 'South Africa', 'Zambia'];

interface SignUpFormProps {
  initialAccountType: AccountType;
  onSignedUp: (credentials: Credentials, response: SignUpResponse) => Promise<void> | void;
}

const DRAFT_KEY = 'sign-up';
/** Passwords never go to storage: they are typed again after a reload. */
const NOT_KEPT = ['password', 'confirmPassword'];

export function SignUpForm({ initialAccountType, onSignedUp }: SignUpFormProps) {
  const [serverError, setServerError] = useState<string | null>(null);
  const [draft] = useState(() => readDraft<SignUpFormInput>(DRAFT_KEY));
  const formRef = useRef<HTMLFormElement>(null);
  const held = useHeldSubmit();
  const {
    register,
    handleSubmit,
    control,
    watch,
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
  useFormDraft(DRAFT_KEY, watch, NOT_KEPT);
  const accountType = useWatch({ control, name: 'accountType' });

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
      setServerError(signUpErrorMessage(error));
    }
  };

  return (
    <form ref={formRef} className="form" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <AccountTypeSelect id="signup-account-type" error={errors.accountType?.message} {...register('accountType')} />
      {accountType === 'tutor' && (
        <p className="alert alert-warn" id="tutor-kyc-notice">
          <strong>KYC verification required.</strong> As a tutor you must verify your identity (KYC) before you can
          teach and receive payments. You can upload your documents from the tutor dashboard after signing up.
        </p>
      )}
      {accountType === 'admin' && (
        <p className="alert alert-info" id="admin-notice">
          <strong>Admin access is granted by an existing super admin.</strong> Your account starts as a student
          account; we record your request and a super admin can grant admin access.
        </p>
      )}
      <div className="form-row">
        <TextField
          id="signup-first-name"
          label="First Name"
          autoComplete="given-name"
          required
          error={errors.firstName?.message}
          {...register('firstName')}
        />
        <TextField
          id="signup-last-name"
          label="Last Name"
          autoComplete="family-name"
          required
          error={errors.lastName?.message}
          {...register('lastName')}
        />
      </div>
      <TextField
        id="signup-email"
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        required
        error={errors.email?.message}
        {...register('email')}
      />
      <div className="form-row">
        <TextField
          id="signup-phone"
          label="Phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+254 7XX XXX XXX"
          hint="Optional"
          error={errors.phone?.message}
          {...register('phone')}
        />
        <TextField
          id="signup-country"
          label="Country"
          autoComplete="country-name"
          list="signup-countries"
          error={errors.country?.message}
          {...register('country')}
        />
        <datalist id="signup-countries">
          {COUNTRIES.map((country) => (
            <option key={country} value={country} />
          ))}
        </datalist>
      </div>
      <TextField
        id="signup-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        hint="At least 6 characters"
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        id="signup-confirm-password"
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      {serverError && (
        <p className="alert alert-error" role="alert">
          {serverError}
        </p>
      )}
      <HeldSubmitNotice submit={held} action="Create Account" onSend={() => formRef.current?.requestSubmit()} />
      <Button type="submit" size="lg" busy={isSubmitting}>
        Create Account
      </Button>
    </form>
  );
}
