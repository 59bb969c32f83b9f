import type { ComponentProps } from 'react';
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
  /** Shows a spinner and disables the button while an action runs. */
  busy?: boolean;
}

export function Button({ variant, size, busy = false, className = '', type = 'button', disabled, children, ...rest }: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={buttonClass(variant, size, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {busy && <Spinner size="sm" decorative />}
      {children}
    </button>
  );
}
