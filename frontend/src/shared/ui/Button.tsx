import type { ComponentProps, MouseEvent } from 'react';
import { Spinner } from './Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'accent' | 'light' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

/** The button look, for links that should look like buttons (<Link className={buttonClass()}>). */
export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra = ''): string {
  return `btn btn-${variant} btn-${size}${extra ? ` ${extra}` : ''}`;
}

interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner and ignores clicks while an action runs. */
  busy?: boolean;
}

export function Button({ variant, size, busy = false, className = '', type = 'button', disabled, onClick, children, ...rest }: ButtonProps) {
  // Busy is aria-disabled, not disabled: a disabled button drops keyboard focus to <body>, so the
  // next Tab would start again from the top of the page. Clicks (and Enter submits) are ignored.
  const ignore = (event: MouseEvent<HTMLButtonElement>) => event.preventDefault();
  return (
    <button
      {...rest}
      type={type}
      className={buttonClass(variant, size, className)}
      disabled={busy ? undefined : disabled}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={busy ? ignore : onClick}
    >
      {busy && <Spinner size="sm" decorative />}
      {children}
    </button>
  );
}
