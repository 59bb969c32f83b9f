/**
 * Transfer recipients and the bank list of the local Paystack sandbox (server.ts routes
 * to these), in Paystack's wire format (paystack.com/docs/transfers/creating-transfer-recipients,
 * paystack.com/docs/api/transfer-recipient, paystack.com/docs/api/miscellaneous#bank):
 *
 *   POST /transferrecipient  { type, name, account_number, bank_code, currency } → 201
 *                            { status: true, message: "Transfer recipient created successfully",
 *                              data: { recipient_code: "RCP_…", type, name, currency, details:
 *                              { account_number, account_name, bank_code, bank_name } … } };
 *                            the same account again → 200 with the recipient it already has;
 *                            400 with Paystack-like messages for a missing or wrong field.
 *                            Kenya: `mobile_money` with bank_code MPESA and a 2547…/2541… number;
 *                            `kepss` with a bank code from GET /bank; currency KES.
 *   GET  /bank?country=kenya&currency=KES[&type=kepss|mobile_money] → 200 { status: true,
 *                            message: "Banks retrieved", data: [{ name, slug, code, type, … }] }
 *
 * The bank codes are illustrative (CBK's clearing codes), not Paystack's production list.
 */
import { randomBytes } from 'node:crypto';
import { HttpError } from '../../http.js';

interface SandboxBank { name: string; code: string; type: 'kepss' | 'mobile_money' }

const KENYAN_BANKS: SandboxBank[] = [
  { name: 'Absa Bank Kenya', code: '03', type: 'kepss' },
  { name: 'Co-operative Bank of Kenya', code: '11', type: 'kepss' },
  { name: 'Diamond Trust Bank', code: '63', type: 'kepss' },
  { name: 'Equity Bank', code: '68', type: 'kepss' },
  { name: 'Family Bank', code: '70', type: 'kepss' },
  { name: 'I&M Bank', code: '57', type: 'kepss' },
  { name: 'Kenya Commercial Bank', code: '01', type: 'kepss' },
  { name: 'National Bank of Kenya', code: '12', type: 'kepss' },
  { name: 'NCBA Bank', code: '07', type: 'kepss' },
  { name: 'Stanbic Bank Kenya', code: '31', type: 'kepss' },
  { name: 'Standard Chartered Bank Kenya', code: '02', type: 'kepss' },
  { name: 'M-PESA', code: 'MPESA', type: 'mobile_money' },
];

export interface SandboxRecipient {
  id: number;
  recipientCode: string;
  type: 'mobile_money' | 'kepss';
  name: string;
  accountNumber: string;
  bankCode: string;
  bankName: string;
  currency: 'KES';
  createdAt: string;
}

const RECIPIENT_TYPES = new Set(['mobile_money', 'kepss', 'nuban', 'ghipss', 'basa', 'authorization']);

function bankJson(bank: SandboxBank, id: number) {
  return {
    id, name: bank.name, slug: bank.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'), code: bank.code, longcode: '',
    gateway: null, pay_with_bank: false, supports_transfer: true, active: true, country: 'Kenya', currency: 'KES',
    type: bank.type, is_deleted: false, createdAt: '2023-06-01T08:00:00.000Z', updatedAt: '2023-06-01T08:00:00.000Z',
  };
}

export function recipientJson(r: SandboxRecipient) {
  return {
    active: true, createdAt: r.createdAt, currency: r.currency, description: null, domain: 'test', email: null, id: r.id,
    integration: 100032, metadata: null, name: r.name, recipient_code: r.recipientCode, type: r.type, updatedAt: r.createdAt,
    is_deleted: false, isDeleted: false,
    details: { authorization_code: null, account_number: r.accountNumber, account_name: null, bank_code: r.bankCode, bank_name: r.bankName },
  };
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

export function createRecipientBook() {
  const recipients: SandboxRecipient[] = [];
  let nextId = 50_000_000;

  /** GET /bank: Kenya only (the sandbox's integration is a Kenyan one). */
  function banks(query: URLSearchParams) {
    const country = (query.get('country') ?? '').toLowerCase();
    const currency = (query.get('currency') ?? '').toUpperCase();
    if (country && country !== 'kenya') return [];
    if (currency && currency !== 'KES') return [];
    const type = query.get('type');
    return KENYAN_BANKS.filter((b) => !type || b.type === type).map((b, i) => bankJson(b, 300 + i));
  }

  /** POST /transferrecipient: validates as Paystack does for Kenya; `created` false when the account already had one. */
  function create(body: Record<string, unknown>): { recipient: SandboxRecipient; created: boolean } {
    const type = text(body.type);
    if (!type) throw new HttpError(400, 'Recipient type is required');
    if (!RECIPIENT_TYPES.has(type)) throw new HttpError(400, 'Invalid recipient type');
    if (type !== 'mobile_money' && type !== 'kepss') throw new HttpError(400, 'Recipient type is not supported for this integration\'s country');
    const name = text(body.name);
    if (!name) throw new HttpError(400, 'Name is required');
    const accountNumber = text(body.account_number);
    if (!accountNumber) throw new HttpError(400, 'Account number is required');
    const bankCode = text(body.bank_code);
    if (!bankCode) throw new HttpError(400, 'Bank code is required');
    const currency = text(body.currency).toUpperCase() || 'KES';
    if (currency !== 'KES') throw new HttpError(400, 'Currency is not supported for this recipient type');
    const bank = KENYAN_BANKS.find((b) => b.code === bankCode && b.type === type);
    if (!bank) throw new HttpError(400, 'Invalid bank code');
    if (type === 'mobile_money' && !/^254[17]\d{8}$/.test(accountNumber)) throw new HttpError(400, 'Account number is invalid');
    if (type === 'kepss' && !/^\d{6,20}$/.test(accountNumber)) throw new HttpError(400, 'Account number is invalid');

    const existing = recipients.find((r) => r.type === type && r.bankCode === bankCode && r.accountNumber === accountNumber);
    if (existing) return { recipient: existing, created: false };
    const recipient: SandboxRecipient = {
      id: nextId++, recipientCode: `RCP_${randomBytes(8).toString('hex').slice(0, 15)}`, type, name, accountNumber,
      bankCode, bankName: bank.name, currency: 'KES', createdAt: new Date().toISOString(),
    };
    recipients.push(recipient);
    return { recipient, created: true };
  }

  return { banks, create, recipients: () => [...recipients] };
}
