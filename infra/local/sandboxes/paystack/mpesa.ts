/**
 * The sandbox's M-Pesa prompts: POST /charge with `mobile_money` (Paystack's Charge API) and the
 * phone that answers them. A tester (or a test) opens the phone's page and answers each waiting
 * prompt as a payer can: enter the PIN, cancel, never see it (the phone is unreachable), or lack
 * the balance. The results carry M-Pesa's own result descriptions in `gateway_response`, as
 * Paystack passes them on; only a PIN pays (charge.success webhook, as the checkout does).
 *
 *   POST /charge                       Bearer secret key; initialize's fields + mobile_money { phone, provider: "mpesa" }
 *                                      → 200 { status: true, message: "Charge attempted",
 *                                              data: { reference, status: "pay_offline", display_text } }
 *   GET  /mpesa/:phone                 the phone: its waiting prompts, each with the payer's answers
 *   POST /mpesa/prompts/:reference     form `answer` = pin | cancel | unreachable | insufficient
 *                                      (303 back to the phone's page; JSON { status } when asked for JSON)
 *
 * Paybill (M-Pesa offline): POST /charge with mobile_money { phone, provider: "mpesa_offline" } pushes
 * nothing; the answer carries `account_number` (the sandbox's Paybill business number) and
 * `account_reference` (a number, as in Paystack's documented example) for the payer's Pay Bill menu.
 *
 *   GET  /mpesa/paybill                M-Pesa's Pay Bill menu: business number, account number, Pay
 *   POST /mpesa/paybill                form `business_number`, `account_number` → the waiting Paybill
 *                                      charge with that reference is paid (charge.success webhook);
 *                                      303 back to the menu; JSON { status } when asked for JSON
 */
import { escapeHtml, HttpError, pageShell } from '../../http.js';
import { formatAmount } from './pages.js';
import type { SandboxTransaction } from './wire.js';

export const PROMPT_ANSWERS = {
  pin: { status: 'success', gatewayResponse: 'Approved' },
  cancel: { status: 'failed', gatewayResponse: 'Request cancelled by user.' },
  unreachable: { status: 'failed', gatewayResponse: 'DS timeout user cannot be reached' },
  insufficient: { status: 'failed', gatewayResponse: 'The balance is insufficient for the transaction.' },
} as const;
export type PromptAnswer = keyof typeof PROMPT_ANSWERS;

/** Paystack Kenya's M-Pesa numbers: 254 then 7… or 1… (nine digits). */
const MPESA_PHONE = /^254[17]\d{8}$/;

export function chargeMobileMoney(body: Record<string, unknown>, initialize: (body: Record<string, unknown>) => SandboxTransaction): SandboxTransaction {
  const mobile = body.mobile_money;
  if (!mobile || typeof mobile !== 'object') throw new HttpError(400, 'Charge type not supported: send mobile_money');
  const { phone, provider } = mobile as { phone?: unknown; provider?: unknown };
  if (provider !== 'mpesa' && provider !== 'mpesa_offline') throw new HttpError(400, 'Invalid mobile money provider: the sandbox takes M-Pesa (mpesa, mpesa_offline)');
  const number = typeof phone === 'string' ? phone.replace(/^\+/, '') : '';
  if (!MPESA_PHONE.test(number)) throw new HttpError(400, 'Invalid phone number');
  const t = initialize({ ...body, channels: ['mobile_money'] });
  t.status = 'ongoing';
  t.channel = 'mobile_money';
  t.gatewayResponse = 'Awaiting authorization from the customer';
  t.prompt = { phone: number, provider };
  if (provider === 'mpesa_offline') {
    t.gatewayResponse = 'Awaiting payment to the Paybill number';
    t.paybill = { accountReference: String(nextAccountReference++) };
  }
  return t;
}

/** The sandbox's Paybill business number (Paystack's own in its documented example). */
export const SANDBOX_PAYBILL_NUMBER = '4084333';
/** Seven digits, one per Paybill charge, as in Paystack's example. */
let nextAccountReference = 1_000_000 + Math.floor(Math.random() * 8_000_000);

export function chargeAnswer(t: SandboxTransaction) {
  return {
    status: true,
    message: 'Charge attempted',
    data: {
      reference: t.reference, status: 'pay_offline', display_text: 'Please complete authorization process on your mobile phone',
      ...(t.paybill ? { account_number: SANDBOX_PAYBILL_NUMBER, account_reference: Number(t.paybill.accountReference) } : {}),
    },
  };
}

/**
 * A payment to the Paybill number: pays the waiting Paybill charge with this account reference.
 * The charge, or why nothing was paid (M-Pesa itself would refuse a wrong business number).
 */
export function payPaybill(waiting: SandboxTransaction[], businessNumber: string, accountReference: string): SandboxTransaction {
  if (businessNumber.trim() !== SANDBOX_PAYBILL_NUMBER) throw new HttpError(400, `Unknown business number: the sandbox's Paybill is ${SANDBOX_PAYBILL_NUMBER}`);
  const t = waiting.find((c) => c.paybill?.accountReference === accountReference.trim());
  if (!t) throw new HttpError(404, 'No Paybill payment is waiting for this account number');
  if (t.status === 'ongoing') {
    t.status = 'success';
    t.gatewayResponse = 'Approved';
    t.paidAt = new Date().toISOString();
  }
  return t;
}

export function paybillPage(waiting: SandboxTransaction[], paid?: SandboxTransaction): string {
  const open = waiting.filter((t) => t.status === 'ongoing').map((t) => `
      <li>${escapeHtml(formatAmount(t.amount, t.currency))} · account number <strong>${escapeHtml(t.paybill!.accountReference)}</strong></li>`).join('');
  return pageShell({ title: 'M-Pesa Pay Bill', style: STYLE, body: `
    <main>
      <span class="badge">Test mode · local sandbox</span>
      <h1>M-Pesa · Lipa na M-Pesa · Pay Bill</h1>
      ${paid ? `<p class="prompt" role="status">Paid ${escapeHtml(formatAmount(paid.amount, paid.currency))} to account ${escapeHtml(paid.paybill!.accountReference)}</p>` : ''}
      <form method="post" action="/mpesa/paybill" class="prompt paybill">
        <label>Business number <input name="business_number" inputmode="numeric" required></label>
        <label>Account number <input name="account_number" required></label>
        <button class="pin">Enter PIN and pay</button>
      </form>
      ${open ? `<p class="muted">Waiting Paybill payments:</p><ul class="muted">${open}</ul>` : '<p class="muted">No Paybill payment is waiting.</p>'}
      <p class="muted">No money moves here. The amount is the one Paystack asked for.</p>
    </main>` });
}

/** Applies the payer's answer to a waiting prompt; an answered prompt stays as it ended. True when it was waiting. */
export function answerPrompt(t: SandboxTransaction, answer: string): boolean {
  if (!(answer in PROMPT_ANSWERS)) throw new HttpError(400, `answer must be one of ${Object.keys(PROMPT_ANSWERS).join(', ')}`);
  if (t.status !== 'ongoing') return false;
  const outcome = PROMPT_ANSWERS[answer as PromptAnswer];
  t.status = outcome.status;
  t.gatewayResponse = outcome.gatewayResponse;
  if (outcome.status === 'success') t.paidAt = new Date().toISOString();
  return true;
}

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#eef3ee;color:#15261a;padding:16px}
  main{max-width:420px;margin:0 auto}
  .badge{display:inline-block;font-size:12px;font-weight:600;text-transform:uppercase;color:#8a5a00;background:#fff4d6;border-radius:999px;padding:2px 10px}
  h1{font-size:20px;margin:12px 0}
  .prompt{background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,40,0,.1);padding:16px;margin:12px 0}
  .amount{font-size:24px;font-weight:700;margin:0}
  .muted{color:#4d5f52;font-size:14px;margin:4px 0;overflow-wrap:anywhere}
  form{display:grid;grid-template-columns:1fr 1fr;gap:8px;margin-top:12px}
  button{font:inherit;font-weight:600;min-height:44px;border-radius:8px;border:2px solid #c9d6cb;background:#fff;cursor:pointer}
  button.pin{background:#1a7f37;border-color:#1a7f37;color:#fff;grid-column:1/-1}
  .done{color:#4d5f52}
  form.paybill{grid-template-columns:1fr}
  label{display:grid;gap:4px;font-weight:600}
  input{font:inherit;min-height:44px;border-radius:8px;border:2px solid #c9d6cb;padding:0 10px}
`;

export function phonePage(phone: string, prompts: SandboxTransaction[]): string {
  const items = prompts.map((t) => `
    <section class="prompt" aria-label="Prompt ${escapeHtml(t.reference)}">
      <p class="amount">${escapeHtml(formatAmount(t.amount, t.currency))}</p>
      <p class="muted">Pay to Africa's Learning Platform · ${escapeHtml(t.reference)}</p>
      ${t.status === 'ongoing' ? `
      <form method="post" action="/mpesa/prompts/${encodeURIComponent(t.reference)}">
        <button class="pin" name="answer" value="pin">Enter PIN and pay</button>
        <button name="answer" value="cancel">Cancel</button>
        <button name="answer" value="insufficient">Not enough balance</button>
        <button name="answer" value="unreachable">Phone unreachable</button>
      </form>` : `<p class="done">${t.status === 'success' ? 'Paid' : escapeHtml(t.gatewayResponse)}</p>`}
    </section>`).join('');
  return pageShell({ title: `M-Pesa prompts for ${phone}`, style: STYLE, body: `
    <main>
      <span class="badge">Test mode · local sandbox</span>
      <h1>M-Pesa prompts for ${escapeHtml(phone)}</h1>
      ${items || '<p class="muted">No prompt has been sent to this number. Reload after paying with M-Pesa.</p>'}
      <p class="muted">No money moves here. Ignoring a prompt is like a phone that never shows it.</p>
    </main>` });
}
