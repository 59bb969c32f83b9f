import type { QuotaDetails } from './contract.js';

/** Domain errors carry the user-facing message (the product's wording where it has one) and their HTTP status. */
export class DomainError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationFailed extends DomainError {
  constructor(message: string, details?: unknown) { super(400, 'validation_failed', message, details); }
}
export class NotAuthenticated extends DomainError {
  constructor(message = 'Not authenticated') { super(401, 'not_authenticated', message); }
}
export class Forbidden extends DomainError {
  constructor(message = 'You do not have permission to do this') { super(403, 'forbidden', message); }
}
/** A super admin suspended the caller's account (admin/moderation-service.ts); each domain says what it stops. */
export class AccountSuspended extends DomainError {
  constructor(message: string) { super(403, 'account_suspended', message); }
}
/** A super admin without an authenticator app (functions/auth/mfa.ts) on a route they reach as super admin. */
export class MfaRequired extends DomainError {
  constructor() {
    super(403, 'mfa_required', 'Super admins must use two-step sign-in. Set up an authenticator app, then try again.');
  }
}
/** The booking behind what was asked for is not paid ("Payment Required"). */
export class PaymentRequired extends DomainError {
  constructor(message: string) { super(402, 'payment_required', message); }
}
export class NotFound extends DomainError {
  constructor(message: string) { super(404, 'not_found', message); }
}
/** What was asked for existed and was deleted on purpose (e.g. a file past its retention); `details` says when. */
export class Gone extends DomainError {
  constructor(code: string, message: string, details?: unknown) { super(410, code, message, details); }
}
export class Conflict extends DomainError {
  constructor(code: string, message: string) { super(409, code, message); }
}
export class BusinessRuleViolated extends DomainError {
  constructor(code: string, message: string) { super(422, code, message); }
}
/** An outside provider (e.g. the payment provider) refused or did not answer; nothing was recorded. */
export class ProviderFailed extends DomainError {
  constructor(code: string, message: string) { super(502, code, message); }
}
/** A daily quota is spent (the AI study assistant): `details` says whose and until when (ErrorResponse in contract.ts). */
export class TooManyRequests extends DomainError {
  constructor(code: string, message: string, details?: QuotaDetails) { super(429, code, message, details); }
}
