/**
 * Adding or changing payout details: the password-checked form of the Earnings
 * tab's payout card, a chunk of its own (with zod and the contract) fetched when the tutor points
 * at Add or Change, so the dashboard's first load does not carry it.
 */
import { useQuery } from '@tanstack/react-query';
import { useForm, type FieldPath, type Resolver, type UseFormRegister } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type * as z from 'zod';
import { payoutMessages, SetPayoutDetailsRequest, type PayoutDetails } from '@functions/payouts/recipient-contract';
import { ApiError, reasonOf } from '../../shared/api';
import { Button } from '../../shared/ui/Button';
import { SelectField, TextField } from '../../shared/ui/fields';
import { useToast } from '../../shared/ui/toast';
import { localMobile, myPhoneQuery } from '../phones';
import { payoutBanksQuery, useSetPayoutDetails } from './payouts-api';
import { usePayoutsText, type PayoutsMessage } from './text';
import { useErrorsFollowLanguage } from '../../shared/messages/server-messages';

/** One flat form for both methods (switching keeps what was typed). */
interface FormValues {
  method: PayoutDetails['method'];
  phoneNumber: string;
  bankCode: string;
  accountNumber: string;
  accountName: string;
  password: string;
}
type PayoutRequest = z.output<typeof SetPayoutDetailsRequest>;
/**
 * The form parses as the contract's M-Pesa or bank request, picked by `method` (the other
 * method's fields are dropped). The union's input type lacks those fields, hence the cast.
 */
const payoutResolver = zodResolver(SetPayoutDetailsRequest) as unknown as Resolver<FormValues, unknown, PayoutRequest>;

const EMPTY_FORM: FormValues = { method: 'mpesa', phoneNumber: '', bankCode: '', accountNumber: '', accountName: '', password: '' };

/** The contract's own texts (the same the API sends) → this card's catalog, so the form speaks the reader's language. */
const CONTRACT_TEXT: Partial<Record<string, PayoutsMessage>> = {
  [payoutMessages.mpesaNumber]: 'invalid.mpesaNumber',
  [payoutMessages.accountName]: 'invalid.accountName',
  [payoutMessages.bank]: 'invalid.bank',
  [payoutMessages.accountNumber]: 'invalid.accountNumber',
  [payoutMessages.password]: 'invalid.password',
};

export function PayoutDetailsForm({ current, onDone }: { current: PayoutDetails | null; onDone: () => void }) {
  const t = usePayoutsText();
  const toast = useToast();
  const save = useSetPayoutDetails();
  const {
    register, handleSubmit, setError, setFocus, setValue, watch, trigger,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, PayoutRequest>({
    resolver: payoutResolver,
    mode: 'onTouched',
    defaultValues: { ...EMPTY_FORM, method: current?.method ?? 'mpesa', accountName: current?.accountName ?? '' },
  });
  useErrorsFollowLanguage(errors, trigger);
  // Offered, not required: the current password and Paystack's recipient check protect payout details.
  const verified = useQuery({ ...myPhoneQuery(), retry: false }).data?.verified?.phone;
  const method = watch('method');
  /** A field's problem in the reader's language: the contract's texts through the catalog, the server's as sent. */
  const problem = (message: string | undefined) => {
    if (message === undefined) return undefined;
    const key = CONTRACT_TEXT[message];
    return key ? t(key) : message;
  };

  const onSubmit = async (values: PayoutRequest) => {
    try {
      await save.mutateAsync(values);
      toast.success(t('saved'));
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.fields.length > 0) {
        // The server's texts (wrong password, unknown bank) beside the field they are about.
        const fields = error.fields.filter((field) => field.path in EMPTY_FORM);
        fields.forEach((field) => setError(field.path as FieldPath<FormValues>, { message: field.message }));
        if (fields[0]) {
          setFocus(fields[0].path as FieldPath<FormValues>);
          return;
        }
      }
      toast.error(t('failed', { reason: reasonOf(error) }));
    }
  };

  return (
    <form className="form payout-form" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <fieldset className="payout-methods">
        <legend>{t('form.methodLegend')}</legend>
        <label className="payout-method">
          <input type="radio" value="mpesa" {...register('method')} />
          <span>{t('method.mpesa')}</span>
        </label>
        <label className="payout-method">
          <input type="radio" value="bank" {...register('method')} />
          <span>{t('method.bank')}</span>
        </label>
      </fieldset>

      {method === 'mpesa' ? (
        <>
          <TextField
            id="payout-phone" label={t('form.phone')} type="tel" inputMode="tel" autoComplete="tel" hint={t('form.phoneHint')}
            error={problem(errors.phoneNumber?.message)} {...register('phoneNumber')}
          />
          {verified && (
            <Button type="button" variant="ghost" size="sm" onClick={() => setValue('phoneNumber', localMobile(verified), { shouldValidate: true })}>
              {t('form.useVerified', { phone: localMobile(verified) })}
            </Button>
          )}
          <TextField id="payout-name" label={t('form.mpesaName')} autoComplete="name" error={problem(errors.accountName?.message)} {...register('accountName')} />
        </>
      ) : (
        <>
          <BankSelect error={problem(errors.bankCode?.message)} register={register} />
          <TextField
            id="payout-account" label={t('form.accountNumber')} inputMode="numeric" autoComplete="off"
            error={problem(errors.accountNumber?.message)} {...register('accountNumber')}
          />
          <TextField id="payout-name" label={t('form.accountName')} autoComplete="name" error={problem(errors.accountName?.message)} {...register('accountName')} />
        </>
      )}

      <TextField
        id="payout-password" label={t('form.password')} type="password" autoComplete="current-password" hint={t('form.passwordHint')}
        error={problem(errors.password?.message)} {...register('password')}
      />
      <div className="form-actions">
        <Button type="submit" busy={isSubmitting}>{t('form.save')}</Button>
        <Button variant="ghost" onClick={onDone}>{t('form.cancel')}</Button>
      </div>
    </form>
  );
}

function BankSelect({ error, register }: { error: string | undefined; register: UseFormRegister<FormValues> }) {
  const t = usePayoutsText();
  const banks = useQuery(payoutBanksQuery());
  if (banks.isPending) return <p className="muted">{t('form.banksLoading')}</p>;
  if (!banks.data) {
    return (
      <p className="field-error" role="alert">
        {t('form.banksError')} <Button variant="ghost" size="sm" onClick={() => void banks.refetch()}>{t('form.retry')}</Button>
      </p>
    );
  }
  return (
    <SelectField id="payout-bank" label={t('form.bank')} error={error} {...register('bankCode')}>
      <option value="">{t('form.bankPlaceholder')}</option>
      {banks.data.banks.map((bank) => (
        <option key={bank.code} value={bank.code}>{bank.name}</option>
      ))}
    </SelectField>
  );
}
