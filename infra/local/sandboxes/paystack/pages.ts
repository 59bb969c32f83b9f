/** The sandbox's Paystack Checkout for the payer: pay or decline, then the result. */
import { escapeHtml, pageShell } from '../../http.js';
import { callbackTarget, type SandboxChannel, type SandboxTransaction } from './wire.js';

/** Channels the checkout page offers, in Paystack's names, with what the payer sees. */
const CHANNEL_LABELS: Record<SandboxChannel, string> = { card: 'Card', mobile_money: 'M-Pesa' };

/** 150000 subunits of KES → "KES 1,500.00". */
export function formatAmount(amount: number, currency: string): string {
  const major = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount / 100);
  return `${currency} ${major}`;
}

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f3f6f9;color:#1b2b3a;
    display:flex;min-height:100vh;align-items:center;justify-content:center;padding:16px}
  main{background:#fff;width:100%;max-width:420px;border-radius:12px;box-shadow:0 4px 24px rgba(20,40,60,.12);padding:24px}
  .badge{display:inline-block;font-size:12px;font-weight:600;letter-spacing:.04em;text-transform:uppercase;color:#8a5a00;
    background:#fff4d6;border-radius:999px;padding:2px 10px}
  h1{font-size:18px;margin:12px 0 4px}
  .amount{font-size:28px;font-weight:700;margin:4px 0}
  .muted{color:#5b6b7a;font-size:14px;margin:0;overflow-wrap:anywhere}
  fieldset{border:0;padding:0;margin:20px 0 0}
  legend{font-weight:600;margin-bottom:8px}
  .choices{display:grid;grid-template-columns:1fr 1fr;gap:8px}
  .choice{display:flex;align-items:center;justify-content:center;gap:8px;padding:12px;border:2px solid #d5dde5;border-radius:8px;
    font-weight:600;cursor:pointer}
  .choice input{width:18px;height:18px;margin:0;accent-color:#0ba4db;cursor:pointer}
  .choice:has(input:checked){border-color:#0ba4db;background:#e8f7fd}
  .actions{display:grid;gap:8px;margin-top:20px}
  button{font:inherit;font-weight:600;border-radius:8px;padding:12px;cursor:pointer;border:2px solid transparent}
  .pay{background:#0ba4db;color:#fff}
  .fail{background:#fff;color:#b42318;border-color:#f1c4c0}
  button:focus-visible{outline:3px solid #0b6fdb;outline-offset:2px}
  .note{font-size:13px;color:#5b6b7a;margin:16px 0 0}
  a{color:#0b6fdb}
`;

const page = (title: string, body: string) => pageShell({ title, style: STYLE, body });

export function checkoutPage(t: SandboxTransaction): string {
  // Native radios inside their labels: the label text is the radio's accessible name, and a
  // click on either the text or the dot selects it.
  const choices = t.channels.map((channel, index) => `
      <label class="choice"><input type="radio" name="channel" value="${channel}"${index === 0 ? ' checked' : ''}>${CHANNEL_LABELS[channel]}</label>`).join('');
  return page('Paystack sandbox checkout', `
    <span class="badge">Test mode · local sandbox</span>
    <h1>Paystack sandbox checkout</h1>
    <p class="amount">${escapeHtml(formatAmount(t.amount, t.currency))}</p>
    <p class="muted">${escapeHtml(t.email)}</p>
    <p class="muted">Reference ${escapeHtml(t.reference)}</p>
    <form method="post" action="/checkout/${encodeURIComponent(t.accessCode)}">
      <fieldset><legend>Pay with</legend><div class="choices">${choices}
      </div></fieldset>
      <div class="actions">
        <button class="pay" type="submit" name="outcome" value="success">Pay</button>
        <button class="fail" type="submit" name="outcome" value="failed">Simulate failure</button>
      </div>
    </form>
    <p class="note">No money moves here. "Pay" marks the payment successful and notifies the app like Paystack does;
      "Simulate failure" declines it.</p>`);
}

export function resultPage(t: SandboxTransaction): string {
  const done = t.status === 'success';
  const target = callbackTarget(t);
  return page(done ? 'Payment successful' : 'Payment failed', `
    <span class="badge">Test mode · local sandbox</span>
    <h1>${done ? 'Payment successful' : 'Payment failed'}</h1>
    <p class="amount">${escapeHtml(formatAmount(t.amount, t.currency))}</p>
    <p class="muted">Reference ${escapeHtml(t.reference)}</p>
    ${target ? `<p class="note"><a href="${escapeHtml(target)}">Return to the merchant</a></p>` : ''}`);
}

export function notFoundPage(): string {
  return page('Payment link not found', `
    <span class="badge">Test mode · local sandbox</span>
    <h1>Payment link not found</h1>
    <p class="muted">This checkout link is unknown to the sandbox (it forgets everything when it restarts).</p>`);
}
