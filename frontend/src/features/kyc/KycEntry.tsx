/**
 * What the tutor dashboard shows of KYC: the banner (whenever the profile is not
 * approved) with a button opening the "Complete KYC Verification" dialog (none while every
 * required document is under review), and the KYC
 * Verification tab. The form, the steps and the list are a lazy chunk, fetched while the
 * tutor reads the dashboard.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../shared/ui/Button';
import { Dialog } from '../../shared/ui/Dialog';
import { PageLoading } from '../../shared/ui/Spinner';
import { myKycDocumentsQuery } from './kyc-api';
import { effectiveKycStatus, underReview } from './kyc-rules';
import { useKycBannerText } from './banner/text';
import './kyc.css';

const loadScreens = () => import('./KycVerification');
const KycVerificationTab = lazy(() => loadScreens().then((m) => ({ default: m.KycVerificationTab })));
const KycDialogContent = lazy(() => loadScreens().then((m) => ({ default: m.KycDialogContent })));

const BANNER_TEXT = {
  'not-started': 'text.notStarted',
  pending: 'text.pending',
  rejected: 'text.rejected',
} as const;

export function KycBanner({ kycStatus }: { kycStatus: string | undefined }) {
  const t = useKycBannerText();
  const [open, setOpen] = useState(false);
  const approved = kycStatus === 'approved';
  const documents = useQuery({ ...myKycDocumentsQuery(), enabled: !approved });
  const status = effectiveKycStatus(kycStatus, documents.data?.documents ?? []);

  // Warm the dialog's chunk once the dashboard has painted, so the button opens it at once.
  useEffect(() => {
    if (approved) return;
    const timer = setTimeout(() => void loadScreens().catch(() => undefined), 1500);
    return () => clearTimeout(timer);
  }, [approved]);

  if (approved) return null;
  const docs = documents.data?.documents ?? [];
  // Everything required is sent: nothing to do but wait, so no call to action.
  if (documents.isSuccess && underReview(kycStatus, docs)) {
    return (
      <section className="alert alert-info kyc-banner" aria-labelledby="kyc-banner-title">
        <div className="kyc-banner-text">
          <h2 id="kyc-banner-title">{t('titleReview')}</h2>
          <p>{t('text.pending')}</p>
        </div>
      </section>
    );
  }
  const text = documents.isPending || status === 'approved' ? BANNER_TEXT['not-started']
    : status === 'pending' ? 'text.incomplete' : BANNER_TEXT[status];
  return (
    <section className="alert alert-warn kyc-banner" aria-labelledby="kyc-banner-title">
      <div className="kyc-banner-text">
        <h2 id="kyc-banner-title">{t('title')}</h2>
        <p>{t(text)}</p>
      </div>
      <Button size="sm" onClick={() => setOpen(true)}>
        {t('complete')}
      </Button>
      <Dialog open={open} title={t('complete')} description={t('dialog.description')} onClose={() => setOpen(false)}>
        <Suspense fallback={<PageLoading label={t('loading.form')} />}>
          <KycDialogContent />
        </Suspense>
      </Dialog>
    </section>
  );
}

export function KycTab() {
  const t = useKycBannerText();
  return (
    <Suspense fallback={<PageLoading label={t('loading.verification')} />}>
      <KycVerificationTab />
    </Suspense>
  );
}
