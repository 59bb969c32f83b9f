/**
 * What the tutor dashboard shows of KYC (spec §2): the banner (whenever the profile is not
 * approved) with a button opening the "Complete KYC Verification" dialog, and the KYC
 * Verification tab. The form, the steps and the list are a lazy chunk, fetched while the
 * tutor reads the dashboard.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../shared/ui/Button';
import { Dialog } from '../../shared/ui/Dialog';
import { PageLoading } from '../../shared/ui/Spinner';
import { myKycDocumentsQuery } from './kyc-api';
import { effectiveKycStatus } from './kyc-rules';
import './kyc.css';

const loadScreens = () => import('./KycVerification');
const KycVerificationTab = lazy(() => loadScreens().then((m) => ({ default: m.KycVerificationTab })));
const KycDialogContent = lazy(() => loadScreens().then((m) => ({ default: m.KycDialogContent })));

const BANNER_TEXT = {
  'not-started': 'Upload your ID and teaching qualifications to get verified. You can teach and receive payments once they are approved.',
  pending: 'Your documents are being reviewed (usually about 1-2 business days). You can teach and receive payments once they are approved.',
  rejected: 'A document was not accepted. Please upload a new one to complete your verification.',
  approved: '',
} as const;

export function KycBanner({ kycStatus }: { kycStatus: string | undefined }) {
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
  return (
    <section className="alert alert-warn kyc-banner" aria-labelledby="kyc-banner-title">
      <div className="kyc-banner-text">
        <h2 id="kyc-banner-title">Verify your identity</h2>
        <p>{documents.isPending ? BANNER_TEXT['not-started'] : BANNER_TEXT[status]}</p>
      </div>
      <Button size="sm" onClick={() => setOpen(true)}>
        Complete KYC Verification
      </Button>
      <Dialog
        open={open}
        title="Complete KYC Verification"
        description="Upload an identity document and your teaching qualifications (PDF, JPG or PNG, up to 10 MB each)."
        onClose={() => setOpen(false)}
      >
        <Suspense fallback={<PageLoading label="Opening the upload form…" />}>
          <KycDialogContent />
        </Suspense>
      </Dialog>
    </section>
  );
}

export function KycTab() {
  return (
    <Suspense fallback={<PageLoading label="Loading your verification…" />}>
      <KycVerificationTab />
    </Suspense>
  );
}
